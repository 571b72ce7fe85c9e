//! A board's SVG as a PNG picture (resvg), with the embedded DejaVu Sans as its font, so the
//! picture is the same on every machine and needs no system fonts.

use resvg::{tiny_skia, usvg};

const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Pixels per unit of the drawing, at least: twice its size, so that a counter's small face
/// is readable in the picture.
pub const PNG_SCALE: f32 = 2.0;

/// Rasterises `svg` at `scale` pixels per unit of the drawing (`svg::readable_scale`).
pub fn to_png(svg: &str, scale: f32) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_font_data(FONT.to_vec());
    fonts.set_sans_serif_family("DejaVu Sans");
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("the drawing: {e}"))?;
    let size = tree.size().to_int_size().scale_by(scale);
    let size = size.ok_or_else(|| "the picture is too large".to_string())?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| "the picture is too large".to_string())?;
    let transform = tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}
