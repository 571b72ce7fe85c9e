//! Line charts of rates over ordered steps, each point with its 95% interval as a bar: the
//! experiment's skill curve (each side's win rate as the bots' search budget grows), so a
//! designer sees at a glance whether a scenario's balance settles.

use super::plot::{render, write_whole, Picture, FONT};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// Rates (0–1) over ordered steps, one line per series.
#[derive(Clone, Debug)]
pub struct Curve {
    pub title: String,
    /// A line under the title (what the bars are, how many games).
    pub subtitle: String,
    pub x_label: String,
    pub y_label: String,
    /// The steps' labels, left to right.
    pub x: Vec<String>,
    /// The first step is not on the others' scale (a baseline before budgets): it is joined
    /// to the second by a dashed line.
    pub first_apart: bool,
    pub series: Vec<Series>,
}

/// One line: its name and, per step, the rate with its interval (`None`: no point there).
#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub points: Vec<Option<Point>>,
}

#[derive(Clone, Copy, Debug)]
pub struct Point {
    pub rate: f64,
    pub lo: f64,
    pub hi: f64,
}

/// Draws the curve into `path` (.svg or .png), whole or not at all.
pub fn draw_curve(curve: &Curve, path: &Path) -> Result<(), String> {
    write_whole(curve, path)
}

/// The curve: the bytes of a PNG file (`png`) or an SVG file.
pub fn render_curve(curve: &Curve, png: bool) -> Result<Vec<u8>, String> {
    render(curve, png)
}

const W: i32 = 1100;
const H: i32 = 700;
const LEFT: i32 = 100;
const TOP: i32 = 90;
const RIGHT: i32 = 220;
const BOTTOM: i32 = 100;
/// Line colours, one per series (blue, vermilion, green: told apart in grey too).
const COLOURS: [RGBColor; 3] = [
    RGBColor(0, 90, 181),
    RGBColor(220, 80, 32),
    RGBColor(0, 140, 90),
];

impl Picture for Curve {
    fn size(&self) -> (u32, u32) {
        (W as u32, H as u32)
    }

    fn paint<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        self.frame(root).map_err(|e| e.to_string())?;
        for (i, s) in self.series.iter().enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            self.line(root, s, colour, i).map_err(|e| e.to_string())?;
            self.legend(root, s, colour, i).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

impl Curve {
    fn x_at(&self, i: usize) -> i32 {
        let n = self.x.len().max(1) as i32;
        LEFT + (2 * i as i32 + 1) * (W - LEFT - RIGHT) / (2 * n)
    }

    fn y_at(rate: f64) -> i32 {
        TOP + ((1.0 - rate.clamp(0.0, 1.0)) * f64::from(H - TOP - BOTTOM)).round() as i32
    }

    /// Title, grid lines every 25%, the step labels and the axis names.
    fn frame<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Drawn<DB> {
        let text = |size: u32| TextStyle::from((FONT, size).into_font()).color(&BLACK);
        area.draw_text(&self.title, &text(24), (LEFT, 20))?;
        area.draw_text(&self.subtitle, &text(14), (LEFT, 54))?;
        let grey = RGBColor(210, 210, 210);
        for k in 0..=4 {
            let rate = f64::from(k) / 4.0;
            let y = Self::y_at(rate);
            area.draw(&PathElement::new(vec![(LEFT, y), (W - RIGHT, y)], grey))?;
            let st = text(14).pos(Pos::new(HPos::Right, VPos::Center));
            area.draw_text(&format!("{}%", k * 25), &st, (LEFT - 8, y))?;
        }
        area.draw(&Rectangle::new(
            [(LEFT, TOP), (W - RIGHT, H - BOTTOM)],
            BLACK.stroke_width(1),
        ))?;
        let tick = text(14).pos(Pos::new(HPos::Center, VPos::Top));
        for (i, s) in self.x.iter().enumerate() {
            area.draw_text(s, &tick, (self.x_at(i), H - BOTTOM + 8))?;
        }
        let axis = text(16).pos(Pos::new(HPos::Center, VPos::Top));
        area.draw_text(
            &self.x_label,
            &axis,
            ((LEFT + W - RIGHT) / 2, H - BOTTOM + 40),
        )?;
        let ylab = text(16)
            .transform(FontTransform::Rotate270)
            .pos(Pos::new(HPos::Center, VPos::Center));
        area.draw_text(&self.y_label, &ylab, (30, (TOP + H - BOTTOM) / 2))
    }

    /// One series: its line, each point's interval bar and its rate written beside it (above
    /// and right; every other series below and left, so labels do not collide).
    fn line<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        s: &Series,
        colour: RGBColor,
        index: usize,
    ) -> Drawn<DB> {
        // Each series a few pixels apart, so that their interval bars do not overlap.
        let shift = 8 * (2 * index as i32 + 1 - self.series.len() as i32) / 2;
        let at = |i: usize, p: &Point| (self.x_at(i) + shift, Self::y_at(p.rate));
        let points: Vec<(usize, &Point)> = s
            .points
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.as_ref().map(|p| (i, p)))
            .collect();
        // A step without a point breaks the line.
        for (i, pair) in s.points.windows(2).enumerate() {
            let (Some(a), Some(b)) = (&pair[0], &pair[1]) else {
                continue;
            };
            let segment = [at(i, a), at(i + 1, b)];
            if i == 0 && self.first_apart {
                area.draw(&DashedPathElement::new(
                    segment,
                    8,
                    6,
                    colour.stroke_width(2),
                ))?;
            } else {
                area.draw(&PathElement::new(segment, colour.stroke_width(2)))?;
            }
        }
        let side = if index.is_multiple_of(2) { 1 } else { -1 };
        for &(i, p) in &points {
            let (x, y) = at(i, p);
            let (lo, hi) = (Self::y_at(p.lo), Self::y_at(p.hi));
            let bar = colour.stroke_width(1);
            area.draw(&PathElement::new(vec![(x, lo), (x, hi)], bar))?;
            area.draw(&PathElement::new(vec![(x - 6, lo), (x + 6, lo)], bar))?;
            area.draw(&PathElement::new(vec![(x - 6, hi), (x + 6, hi)], bar))?;
            area.draw(&Circle::new((x, y), 5, colour.filled()))?;
            let h = if side > 0 { HPos::Left } else { HPos::Right };
            let st = TextStyle::from((FONT, 14).into_font())
                .color(&colour)
                .pos(Pos::new(h, VPos::Center));
            // Kept inside the frame, clear of the step labels below it.
            let label_y = (y - side * 14).clamp(TOP + 10, H - BOTTOM - 12);
            let label = (x + side * 10, label_y);
            area.draw_text(&format!("{:.0}%", 100.0 * p.rate), &st, label)?;
        }
        Ok(())
    }

    fn legend<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        s: &Series,
        colour: RGBColor,
        index: usize,
    ) -> Drawn<DB> {
        let x = W - RIGHT + 24;
        let y = TOP + 10 + 28 * index as i32;
        area.draw(&PathElement::new(
            vec![(x, y), (x + 30, y)],
            colour.stroke_width(2),
        ))?;
        area.draw(&Circle::new((x + 15, y), 5, colour.filled()))?;
        let st = TextStyle::from((FONT, 15).into_font())
            .color(&BLACK)
            .pos(Pos::new(HPos::Left, VPos::Center));
        area.draw_text(&s.name, &st, (x + 40, y))
    }
}
