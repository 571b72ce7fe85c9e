//! Heatmaps of the tables (`--plot FILE.svg|FILE.png`): one panel per table over its two main
//! inputs, each cell coloured and labelled with its value (a percentage, or expected CP), with
//! title, axis names and a colour legend. PNG text uses the embedded DejaVu Sans, so charts
//! render on a machine without system fonts.

use super::table::{Cell, Table};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{register_font, FontStyle};
use std::path::Path;
use std::sync::Once;

pub(super) const FONT: &str = "sans-serif";
static FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is a fixed, valid file: failing here is a build defect.
        let ok = register_font(FONT, FontStyle::Normal, FONT_BYTES).is_ok()
            && register_font(FONT, FontStyle::Bold, FONT_BYTES).is_ok();
        assert!(ok, "the embedded font does not parse");
    });
}

/// One panel: values over x × y categories.
#[derive(Clone, Debug)]
pub struct Heatmap {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub x: Vec<String>,
    pub y: Vec<String>,
    /// `values[yi][xi]`; `None` where the table has no such cell.
    pub values: Vec<Vec<Option<f64>>>,
    /// What the colour shows (legend caption).
    pub legend: String,
    /// Values are probabilities (written as percentages, scale 0–100%).
    pub percent: bool,
    /// Text written in each cell in place of its value (`notes[yi][xi]`): the value with
    /// its 95% interval, as the caption says; `None`: the value.
    pub notes: Option<Vec<Vec<String>>>,
}

/// What a cell's value is.
enum Metric<'a> {
    /// P(outcome in these labels).
    Prob(&'a [&'a str]),
    /// P(ordered outcome ≥ rank).
    AtLeast(i64),
    /// The expected rank (expected CP).
    Expected,
}

fn metric(cell: &Cell, m: &Metric) -> f64 {
    match m {
        Metric::Prob(labels) => labels.iter().map(|l| cell.p(l).to_f64()).sum(),
        Metric::AtLeast(r) => cell.p_at_least(*r).to_f64(),
        Metric::Expected => cell.expected_rank(),
    }
}

fn distinct(values: impl Iterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for s in values {
        if !v.contains(&s) {
            v.push(s);
        }
    }
    v
}

/// A heatmap of `table` over inputs `x` and `y`, cells filtered on `fixed` inputs.
fn over_inputs(
    table: &Table,
    (x, y): (&str, &str),
    fixed: &[(&str, &str)],
    m: &Metric,
) -> (Vec<String>, Vec<String>, Vec<Vec<Option<f64>>>) {
    let cells: Vec<&Cell> = table
        .cells
        .iter()
        .filter(|c| fixed.iter().all(|(k, v)| c.input(table, k) == Some(v)))
        .collect();
    let xs = distinct(
        cells
            .iter()
            .map(|c| c.input(table, x).unwrap_or("").to_string()),
    );
    let ys = distinct(
        cells
            .iter()
            .map(|c| c.input(table, y).unwrap_or("").to_string()),
    );
    let mut values = vec![vec![None; xs.len()]; ys.len()];
    for c in cells {
        let xi = xs
            .iter()
            .position(|v| Some(v.as_str()) == c.input(table, x));
        let yi = ys
            .iter()
            .position(|v| Some(v.as_str()) == c.input(table, y));
        if let (Some(xi), Some(yi)) = (xi, yi) {
            values[yi][xi] = Some(metric(c, m));
        }
    }
    (xs, ys, values)
}

/// A heatmap of the outcome distribution: x = outcome, y = input `y`.
fn over_outcomes(table: &Table, y: &str, fixed: &[(&str, &str)]) -> Heatmap0 {
    let cells: Vec<&Cell> = table
        .cells
        .iter()
        .filter(|c| fixed.iter().all(|(k, v)| c.input(table, k) == Some(v)))
        .collect();
    let mut outcomes: Vec<(Option<i64>, String)> = Vec::new();
    for c in &cells {
        for (o, _) in &c.outcomes {
            if !outcomes.iter().any(|(_, l)| *l == o.label) {
                outcomes.push((o.rank, o.label.clone()));
            }
        }
    }
    outcomes.sort_by_key(|(r, _)| (r.is_none(), *r));
    let xs: Vec<String> = outcomes.into_iter().map(|o| o.1).collect();
    let ys = distinct(
        cells
            .iter()
            .map(|c| c.input(table, y).unwrap_or("").to_string()),
    );
    let mut values = vec![vec![None; xs.len()]; ys.len()];
    for c in cells {
        let Some(yi) = ys
            .iter()
            .position(|v| Some(v.as_str()) == c.input(table, y))
        else {
            continue;
        };
        for (xi, l) in xs.iter().enumerate() {
            values[yi][xi] = Some(c.p(l).to_f64());
        }
    }
    (xs, ys, values)
}

type Heatmap0 = (Vec<String>, Vec<String>, Vec<Vec<Option<f64>>>);

fn panel(
    title: &str,
    (x_label, y_label): (&str, &str),
    (x, y, values): Heatmap0,
    legend: &str,
    percent: bool,
) -> Heatmap {
    Heatmap {
        title: title.to_string(),
        x_label: x_label.to_string(),
        y_label: y_label.to_string(),
        x,
        y,
        values,
        legend: legend.to_string(),
        percent,
        notes: None,
    }
}

/// The panels for a table (none for a table without a chart).
pub fn heatmaps(table: &Table) -> Vec<Heatmap> {
    match (table.game, table.name) {
        ("rudders-line", "assault") => vec![panel(
            "Rudder's Line assault (11.2): P(at least 1 CP)",
            ("defense (DT before the die)", "offense (OT before the die)"),
            over_inputs(table, ("defense", "offense"), &[], &Metric::AtLeast(1)),
            "P(CP ≥ 1)",
            true,
        )],
        ("rudders-line", "indirect") => vec![panel(
            "Rudder's Line indirect fire (7.5): expected CP on the enemy",
            (
                "TEM of the target area (doubled in DT)",
                "strength (marker or mortar)",
            ),
            over_inputs(
                table,
                ("tem", "strength"),
                &[("mixed_area", "0")],
                &Metric::Expected,
            ),
            "expected CP",
            false,
        )],
        ("rudders-line", "direct") => vec![panel(
            "Rudder's Line direct fire (9.5): expected CP",
            ("TEM of the target area", "strength (weapons + NCO/BAR)"),
            over_inputs(table, ("tem", "strength"), &[], &Metric::Expected),
            "expected CP",
            false,
        )],
        ("rudders-line", "initiative") => vec![panel(
            "Rudder's Line initiative (5.1): P(Rangers win the roll)",
            ("turn", "Ranger FO lost (1) or not (0)"),
            over_inputs(
                table,
                ("turn", "rangers_fo_lost"),
                &[("germans_fo_lost", "0")],
                &Metric::Prob(&["rangers"]),
            ),
            "P(Rangers)",
            true,
        )],
        ("rudders-line", "turns_held") => vec![panel(
            "Rudder's Line: turns the Rangers hold the initiative",
            ("turns held by the Rangers", "Ranger FO lost from turn"),
            over_outcomes(table, "rangers_fo_lost_from", &[("side", "rangers")]),
            "probability",
            true,
        )],
        ("aachen", "combat") => ["0", "1"]
            .iter()
            .map(|air| {
                let t = if *air == "0" {
                    "Aachen combat (9.5): P(Success or Overrun), no Air Support"
                } else {
                    "Aachen combat (9.5): P(Success or Overrun), with Air Support (DV − 1D6)"
                };
                let df = table
                    .cells
                    .first()
                    .and_then(|c| c.input(table, "defense_factor"))
                    .unwrap_or("1")
                    .to_string();
                panel(
                    t,
                    ("defense value (DV)", "attack value (AV)"),
                    over_inputs(
                        table,
                        ("defense_value", "attack_value"),
                        &[("air_support", air), ("defense_factor", &df)],
                        &Metric::Prob(&["success", "overrun"]),
                    ),
                    "P(AT > DT)",
                    true,
                )
            })
            .collect(),
        ("aachen", "random_event") => vec![panel(
            "Aachen Random Events (6.2) by turn",
            ("event", "turn"),
            over_outcomes(table, "turn", &[]),
            "probability",
            true,
        )],
        ("aachen", "supply") => vec![panel(
            "Aachen Supply Points (6.3) by turn",
            ("Supply Points", "turn"),
            over_outcomes(table, "turn", &[]),
            "probability",
            true,
        )],
        ("cross-of-iron", "to_hit") => vec![panel(
            "Cross of Iron TO HIT: P(hit), AP/HE, no intensive fire, B12",
            ("DRM", "TO HIT number (33.3)"),
            over_inputs(
                table,
                ("drm", "to_hit_number"),
                &[("ammo", "ap_he"), ("intensive_fire", "0"), ("gun", "b12")],
                &Metric::AtLeast(1),
            ),
            "P(hit)",
            true,
        )],
        ("cross-of-iron", "to_kill") => vec![panel(
            "Cross of Iron AFV KILL: P(destroyed), front, not hull down",
            ("armour modifier (64.3)", "kill number (33.4)"),
            over_inputs(
                table,
                ("armor_modifier", "kill_number"),
                &[("facing", "front"), ("target", "normal")],
                &Metric::AtLeast(2),
            ),
            "P(destroyed)",
            true,
        )],
        ("cross-of-iron", "shots_to_kill") => vec![panel(
            "Cross of Iron: shots to destroy, DRM 0, kill number 8, one shot a phase",
            ("the shot that destroys", "TO HIT number"),
            over_outcomes(
                table,
                "to_hit_number",
                &[
                    ("drm", "0"),
                    ("kill_number", "8"),
                    ("rate_of_fire", "1"),
                    ("intensive_fire", "0"),
                ],
            ),
            "probability",
            true,
        )],
        _ => Vec::new(),
    }
}

/// Pale yellow (0) through teal to deep blue (1).
fn colour(t: f64) -> RGBColor {
    let t = t.clamp(0.0, 1.0);
    // From a pale yellow through green to a deep blue (viridis-like, light end first).
    let stops = [
        (1.0, (255.0, 255.0, 229.0)),
        (0.5, (65.0, 182.0, 196.0)),
        (0.0, (8.0, 29.0, 88.0)),
    ];
    let (a, b, u) = if t < 0.5 {
        (stops[0].1, stops[1].1, t / 0.5)
    } else {
        (stops[1].1, stops[2].1, (t - 0.5) / 0.5)
    };
    let mix = |x: f64, y: f64| (x + (y - x) * u).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn label(v: f64, percent: bool) -> String {
    if percent {
        let p = v * 100.0;
        if p > 0.0 && p < 0.5 {
            "<1".to_string()
        } else if p < 100.0 && p > 99.5 {
            ">99".to_string()
        } else {
            format!("{p:.0}")
        }
    } else if v > 0.0 && v < 0.05 {
        "<0.1".to_string()
    } else {
        format!("{v:.1}")
    }
}

const PANEL_W: u32 = 1100;
/// Longest category name written under a chart, in characters.
const MAX_LABEL: usize = 30;
const PANEL_H: u32 = 900;

/// Draws the tables' panels, two to a row, into `path` (.svg or .png), whole or not at all.
pub fn draw(tables: &[Table], path: &Path) -> Result<(), String> {
    let bytes = chart(tables, is_png(path))?;
    save(path, &bytes)
}

/// The tables' panels, two to a row: the bytes of a PNG file (`png`) or an SVG file.
pub fn chart(tables: &[Table], png: bool) -> Result<Vec<u8>, String> {
    let mut panels: Vec<Heatmap> = tables.iter().flat_map(heatmaps).collect();
    if panels.is_empty() {
        return Err(
            "none of these tables has a chart, so nothing was written (without --plot the \
             CSV is written alone)"
                .into(),
        );
    }
    // A chart fixes some inputs (Aachen's defense factor, Cross of Iron's front facing); rows
    // cut by `--where` may leave it no cell, and an empty frame tells a reader nothing.
    panels.retain(|p| p.values.iter().flatten().any(Option::is_some));
    if panels.is_empty() {
        return Err("the charts of these tables show none of the rows --where kept".into());
    }
    render_panels(&panels, png)
}

/// Draws heatmap panels, two to a row, into `path` (.svg or .png), whole or not at all.
pub fn draw_panels(panels: &[Heatmap], path: &Path) -> Result<(), String> {
    write_whole(&Panels(panels), path)
}

/// Heatmap panels, two to a row: the bytes of a PNG file (`png`) or an SVG file.
pub fn render_panels(panels: &[Heatmap], png: bool) -> Result<Vec<u8>, String> {
    render(&Panels(panels), png)
}

/// Whether `path` names a PNG file (else SVG).
pub fn is_png(path: &Path) -> bool {
    picture_kind(path) == Some("png")
}

/// "svg" or "png" by `path`'s extension, in any case (trial 19a F6: "X.SVG" was refused);
/// `None` for anything else.
pub fn picture_kind(path: &Path) -> Option<&'static str> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    ["svg", "png"].into_iter().find(|k| *k == ext)
}

/// A picture that can be painted on any plotters backend.
pub(super) trait Picture {
    /// Width and height in pixels.
    fn size(&self) -> (u32, u32);
    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// Heatmap panels, two to a row.
struct Panels<'a>(&'a [Heatmap]);

impl Picture for Panels<'_> {
    fn size(&self) -> (u32, u32) {
        let cols = self.0.len().clamp(1, 2);
        let rows = self.0.len().div_ceil(cols);
        (PANEL_W * cols as u32, PANEL_H * rows as u32)
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let cols = self.0.len().clamp(1, 2);
        let areas = root.split_evenly((self.0.len().div_ceil(cols), cols));
        for (area, p) in areas.iter().zip(self.0) {
            draw_panel(area, p).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// Writes `picture` into `path` (.svg or .png), whole or not at all: drawn in memory, then
/// written to a temporary file beside it and renamed (`engine::write::write_whole`).
pub(super) fn write_whole(picture: &impl Picture, path: &Path) -> Result<(), String> {
    let bytes = render(picture, is_png(path))?;
    save(path, &bytes)
}

/// Writes a drawn chart whole; an error is the OS's reason alone (the caller names the path).
fn save(path: &Path, bytes: &[u8]) -> Result<(), String> {
    crate::engine::write::write_whole(path, bytes).map_err(|e| e.to_string())
}

/// Draws `picture` in memory: the bytes of a PNG file (`png`) or an SVG file. Nothing here
/// touches the disk, so a file error is never wrapped in a drawing backend's error.
pub(super) fn render(picture: &impl Picture, png: bool) -> Result<Vec<u8>, String> {
    register();
    let (w, h) = picture.size();
    if png {
        let mut rgb = vec![0u8; w as usize * h as usize * 3];
        {
            let root = BitMapBackend::with_buffer(&mut rgb, (w, h)).into_drawing_area();
            picture.paint(&root)?;
            root.present().map_err(|e| e.to_string())?;
        }
        encode_png(&rgb, w, h)
    } else {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
            picture.paint(&root)?;
            root.present().map_err(|e| e.to_string())?;
        }
        Ok(svg.into_bytes())
    }
}

/// Encodes an RGB picture as PNG (opaque RGBA, with the encoder `board` uses).
fn encode_png(rgb: &[u8], w: u32, h: u32) -> Result<Vec<u8>, String> {
    use resvg::tiny_skia::{IntSize, Pixmap};
    let rgba: Vec<u8> = rgb
        .chunks_exact(3)
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect();
    let pixmap = IntSize::from_wh(w, h)
        .and_then(|size| Pixmap::from_vec(rgba, size))
        .ok_or_else(|| format!("a {w}×{h} chart is too large"))?;
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}

/// The width of a character of a panel's title (24 px), on average.
const TITLE_CHAR_PX: i32 = 12;

/// `title` in at most two lines of `width` characters, broken between words; a second line
/// too long ends in "…".
fn title_lines(title: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = vec![String::new()];
    for word in title.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if line.is_empty() || line.chars().count() + 1 + word.chars().count() <= width {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        } else {
            lines.push(word.to_string());
        }
    }
    // Up to three lines: a sweep's title says what the chart leaves out (trial 15b F1).
    if lines.len() > 3 {
        let rest = lines.split_off(2).join(" ");
        let cut: String = rest.chars().take(width.saturating_sub(1)).collect();
        lines.push(format!("{cut}…"));
    }
    lines
}

/// A long category name written downwards under the grid: on two lines of `MAX_LABEL`
/// characters where the column is wide enough (`two`), broken between words, else one; what
/// is still too long ends in "…" (trial 16b F9: "7.2: a segment is an area's m…").
fn label_lines(name: &str, two: bool) -> Vec<String> {
    let cut = |text: &str| -> String {
        match text.chars().count() > MAX_LABEL {
            true => text.chars().take(MAX_LABEL - 1).chain(['…']).collect(),
            false => text.to_string(),
        }
    };
    if name.chars().count() <= MAX_LABEL || !two {
        return vec![cut(name)];
    }
    let mut lines = title_lines(name, MAX_LABEL);
    let rest = lines.split_off(1).join(" ");
    lines.push(cut(&rest));
    lines
}

/// A cell's text in lines that fit its width `cw` (trial 15b: a narrow cell's "43% [40–46]"
/// ran into its neighbours): the rate and its interval on two lines when one is too wide,
/// and the font made smaller, down to 8 px, until the longest line fits.
fn cell_lines(text: &str, cw: i32, size: u32) -> (Vec<String>, u32) {
    const CHAR_EM: f64 = 0.58;
    let fits = |line: &str, size: u32| {
        line.chars().count() as f64 * CHAR_EM * f64::from(size) <= f64::from(cw - 4)
    };
    let lines: Vec<String> = match (fits(text, size), text.split_once(" [")) {
        // A note after the interval ("= baseline") takes a third line of its own.
        (false, Some((rate, rest))) => match rest.split_once("] ") {
            Some((interval, note)) => vec![rate.into(), format!("[{interval}]"), note.into()],
            None => vec![rate.to_string(), format!("[{rest}")],
        },
        _ => vec![text.to_string()],
    };
    let longest = lines
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let fitting = (f64::from(cw - 4) / (longest as f64 * CHAR_EM)).floor() as u32;
    (lines, size.min(fitting).max(8))
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    p: &Heatmap,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (w, h) = area.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let nx = p.x.len().max(1) as i32;
    // Long category names (events) are written downwards below the grid: make room.
    let longest = p.x.iter().map(|s| s.chars().count()).max().unwrap_or(0) as i32;
    let long_x = longest * 8 > (w - 260) / nx;
    let bottom = if long_x {
        60 + 7 * longest.min(MAX_LABEL as i32)
    } else {
        110
    };
    // A long title wraps onto a second line above the grid rather than off the picture; the
    // grid and the caption under the title move down by the lines it takes.
    let title_text = title_lines(&p.title, ((w - 120) / TITLE_CHAR_PX).max(20) as usize);
    let below_title = 28 * (title_text.len() as i32 - 1);
    let (left, top, right) = (110, 80 + below_title, 150);
    let ny = p.y.len().max(1) as i32;
    let cw = (w - left - right) / nx;
    let ch = (h - top - bottom) / ny;
    let (gw, gh) = (cw * nx, ch * ny);
    let max = if p.percent {
        1.0
    } else {
        p.values
            .iter()
            .flatten()
            .flatten()
            .fold(0.0f64, |a, &b| a.max(b))
            .max(1e-9)
    };
    let title = TextStyle::from((FONT, 24).into_font()).color(&BLACK);
    for (k, line) in title_text.iter().enumerate() {
        area.draw_text(line, &title, (left, 14 + 28 * k as i32))?;
    }
    let small = ((cw.min(ch) as f64 * 0.42).clamp(9.0, 16.0)) as u32;
    let axis = TextStyle::from((FONT, 16).into_font()).color(&BLACK);
    let tick = TextStyle::from((FONT, 14).into_font()).color(&BLACK);
    // Cells: y runs upwards (first value at the bottom).
    for (yi, row) in p.values.iter().enumerate() {
        for (xi, v) in row.iter().enumerate() {
            let x0 = left + xi as i32 * cw;
            let y0 = top + gh - (yi as i32 + 1) * ch;
            let Some(v) = v else {
                continue;
            };
            let t = v / max;
            area.draw(&Rectangle::new(
                [(x0, y0), (x0 + cw, y0 + ch)],
                colour(t).filled(),
            ))?;
            let ink = if t > 0.55 { WHITE } else { BLACK };
            let text = match &p.notes {
                Some(notes) => notes[yi][xi].clone(),
                None => label(*v, p.percent),
            };
            let (lines, size) = cell_lines(&text, cw, small);
            let st = TextStyle::from((FONT, size).into_font())
                .color(&ink)
                .pos(Pos::new(HPos::Center, VPos::Center));
            let gap = size as i32 + 2;
            let first = y0 + ch / 2 - gap * (lines.len() as i32 - 1) / 2;
            for (k, line) in lines.iter().enumerate() {
                area.draw_text(line, &st, (x0 + cw / 2, first + gap * k as i32))?;
            }
        }
    }
    area.draw(&Rectangle::new(
        [(left, top), (left + gw, top + gh)],
        BLACK.stroke_width(1),
    ))?;
    // Tick labels (every one if they fit, else every other).
    let step_x = if cw < 22 { 2 } else { 1 };
    let xt = tick.pos(Pos::new(HPos::Center, VPos::Top));
    for (xi, s) in p.x.iter().enumerate().step_by(step_x) {
        let x = left + xi as i32 * cw + cw / 2;
        if long_x {
            let st = TextStyle::from((FONT, 13).into_font())
                .color(&BLACK)
                .transform(FontTransform::Rotate90)
                .pos(Pos::new(HPos::Left, VPos::Center));
            let lines = label_lines(s, cw >= 32);
            let n = lines.len() as i32;
            for (k, line) in (0..).zip(&lines) {
                // Two lines side by side, each 16 px wide once turned; read with the head
                // turned right, the first line is the right-hand one.
                let dx = ((n - 1) - 2 * k) * 8;
                area.draw_text(line, &st, (x + dx, top + gh + 6))?;
            }
        } else {
            area.draw_text(s, &xt, (x, top + gh + 6))?;
        }
    }
    let yt = tick.pos(Pos::new(HPos::Right, VPos::Center));
    for (yi, s) in p.y.iter().enumerate() {
        let y = top + gh - yi as i32 * ch - ch / 2;
        area.draw_text(s, &yt, (left - 8, y))?;
    }
    let xl_y = if long_x { h - 26 } else { top + gh + 40 };
    area.draw_text(
        &p.x_label,
        &axis.pos(Pos::new(HPos::Center, VPos::Top)),
        (left + gw / 2, xl_y),
    )?;
    let ylab = TextStyle::from((FONT, 16).into_font())
        .color(&BLACK)
        .transform(FontTransform::Rotate270)
        .pos(Pos::new(HPos::Center, VPos::Center));
    area.draw_text(&p.y_label, &ylab, (30, top + gh / 2))?;
    // Legend: a colour bar with its scale.
    let lx = left + gw + 40;
    let steps = 50;
    for i in 0..steps {
        let t0 = i as f64 / steps as f64;
        let y1 = top + gh - (i * gh / steps);
        let y0 = top + gh - ((i + 1) * gh / steps);
        area.draw(&Rectangle::new(
            [(lx, y0), (lx + 24, y1)],
            colour(t0).filled(),
        ))?;
    }
    area.draw(&Rectangle::new(
        [(lx, top), (lx + 24, top + gh)],
        BLACK.stroke_width(1),
    ))?;
    let lt = tick.pos(Pos::new(HPos::Left, VPos::Center));
    for k in 0..=4 {
        let v = max * k as f64 / 4.0;
        let y = top + gh - k * gh / 4;
        let s = if p.percent {
            format!("{:.0}%", v * 100.0)
        } else {
            format!("{v:.1}")
        };
        area.draw_text(&s, &lt, (lx + 30, y))?;
    }
    area.draw_text(
        &p.legend,
        &tick.pos(Pos::new(HPos::Left, VPos::Bottom)),
        (lx - 10, top - 8),
    )?;
    if p.percent {
        // The experiments' cells carry their 95% Wilson intervals (`notes`).
        let caption = match p.notes {
            Some(_) => "cells: percent [its 95% interval]",
            None => "cells: percent",
        };
        area.draw_text(
            caption,
            &TextStyle::from((FONT, 13).into_font()).color(&BLACK),
            (left, 52 + below_title),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{label_lines, picture_kind, title_lines};
    use std::path::Path;

    /// A picture's kind is its extension in any case (trial 19a F6).
    #[test]
    fn a_picture_extension_is_read_in_any_case() {
        for (name, kind) in [
            ("a.svg", Some("svg")),
            ("a.PNG", Some("png")),
            ("a.Svg", Some("svg")),
        ] {
            assert_eq!(picture_kind(Path::new(name)), kind, "{name}");
        }
        assert_eq!(picture_kind(Path::new("a.jpg")), None);
        assert_eq!(picture_kind(Path::new("png")), None);
    }

    /// A narrow cell gets its rate and interval on two lines, in a font that fits the cell;
    /// a wide one keeps one line at the font it was given.
    #[test]
    fn a_cells_text_fits_its_width() {
        use super::cell_lines;
        let (lines, size) = cell_lines("43% [40–46]", 64, 16);
        assert_eq!(lines, ["43%", "[40–46]"]);
        assert!(7.0 * 0.58 * f64::from(size) <= 60.0 && size >= 8, "{size}");
        assert_eq!(
            cell_lines("43% [40–46]", 300, 16),
            (vec!["43% [40–46]".into()], 16)
        );
        // The baseline's note on a line of its own, not shrinking the font to fit beside
        // the interval.
        let (lines, size) = cell_lines("30.3% [29.4–31.2] = baseline", 110, 16);
        assert_eq!(lines, ["30.3%", "[29.4–31.2]", "= baseline"]);
        assert!(size >= 14, "{size}");
    }

    /// Trial 11b F14: a chart's long title is wrapped, not cut at the picture's edge.
    #[test]
    fn a_long_title_wraps_onto_a_second_line() {
        let title = "aa: the Americans win rate over the sweep; baseline 32% [29–35]; 2 named \
                     variants in report.md";
        let lines = title_lines(title, 60);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 60), "{lines:?}");
        assert_eq!(lines.join(" "), title);
        assert_eq!(title_lines("short", 60), vec!["short".to_string()]);
        let long = title_lines(&"word ".repeat(100), 20);
        assert_eq!(long.len(), 3);
        assert!(long[2].ends_with('…'));
        // A category name under the grid takes two lines where its column is wide enough.
        let name = "5.3.2: a displaced HQ offered the least costly case only";
        assert_eq!(
            label_lines(name, true),
            [
                "5.3.2: a displaced HQ offered",
                "the least costly case only"
            ]
        );
        assert_eq!(label_lines(name, false), ["5.3.2: a displaced HQ offered…"]);
        assert_eq!(label_lines("no event", true), ["no event"]);
    }
}
