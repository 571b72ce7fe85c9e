//! A board's SVG as a PNG picture (resvg), with the embedded DejaVu Sans as its font, so the
//! picture is the same on every machine and needs no system fonts.

use resvg::{tiny_skia, usvg};

const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Pixels per unit of the drawing: twice its size, so that a counter's small face is
/// readable in the picture.
const SCALE: f32 = 2.0;

/// Rasterises `svg` at twice its own size.
pub fn to_png(svg: &str) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_font_data(FONT.to_vec());
    fonts.set_sans_serif_family("DejaVu Sans");
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("the drawing: {e}"))?;
    let size = tree.size().to_int_size().scale_by(SCALE);
    let size = size.ok_or_else(|| "the picture is too large".to_string())?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| "the picture is too large".to_string())?;
    let scale = tiny_skia::Transform::from_scale(SCALE, SCALE);
    resvg::render(&tree, scale, &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}
