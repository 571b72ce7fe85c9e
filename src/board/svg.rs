//! Drawing a [`Board`] as SVG: places, links, counters and a key, with nothing fetched from
//! anywhere (fonts are the viewer's own sans-serif).

use super::{Board, Counter, Facing, Link, LinkKind, Place, Shape, SIDE_COLOURS};
use std::fmt::Write as _;

/// A place the person's options lead to, with what going there costs (`3 MP`), if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    pub place: String,
    pub cost: Option<String>,
}

/// The board as a standalone SVG document, the key and the title line under the map. Places
/// in `highlight` are outlined as where the legal actions lead, with the cost written under
/// them.
pub fn to_svg(board: &Board, highlight: &[Highlight]) -> String {
    let lit = !highlight.is_empty();
    let mut s = document_start(board, 0.0, key_layout(board, lit).bottom);
    map_body(&mut s, board, highlight);
    key_svg(&mut s, board, lit);
    s.push_str("</svg>\n");
    s
}

/// The map alone, as `to_svg` draws it: for the page, which enlarges the map and not its key.
pub fn map_svg(board: &Board, highlight: &[Highlight]) -> String {
    let mut s = document_start(board, 0.0, board.height);
    map_body(&mut s, board, highlight);
    s.push_str("</svg>\n");
    s
}

/// The key and the title line alone, as `to_svg` draws them under the map (`lit`: with the
/// outline of the places the options lead to).
pub fn key_only_svg(board: &Board, lit: bool) -> String {
    let mut s = document_start(board, board.height, key_layout(board, lit).bottom);
    key_svg(&mut s, board, lit);
    s.push_str("</svg>\n");
    s
}

/// An SVG document showing the drawing's rows from `top` to `bottom`, on the map's paper.
fn document_start(board: &Board, top: f32, bottom: f32) -> String {
    let (w, h) = (board.width.max(400.0), bottom - top);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {top} {w} {h}" width="{w}" height="{h}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        s,
        r##"<rect y="{top}" width="{w}" height="{h}" fill="#f4efe1"/><title>{}</title>"##,
        esc(&board.title)
    );
    s
}

/// The places, their links, counters and the costs of the highlighted ones.
fn map_body(s: &mut String, board: &Board, highlight: &[Highlight]) {
    // Borders under the areas; roads and streams over the hexes, under the counters.
    let (under, over): (Vec<&Link>, Vec<&Link>) = board
        .links
        .iter()
        .partition(|l| l.kind == LinkKind::Adjacent);
    for link in under {
        link_svg(s, board, link.a, link.b, link.kind);
    }
    let lit = |id: &str| highlight.iter().find(|h| h.place == id);
    for place in &board.places {
        place_svg(s, place, lit(&place.id).is_some());
    }
    for link in over {
        link_svg(s, board, link.a, link.b, link.kind);
    }
    for place in &board.places {
        contents_svg(s, board, place);
    }
    for place in &board.places {
        if let Some(cost) = lit(&place.id).and_then(|h| h.cost.as_deref()) {
            cost_svg(s, place, cost);
        }
    }
}

/// Escapes text for SVG.
pub fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn link_svg(s: &mut String, board: &Board, a: usize, b: usize, kind: LinkKind) {
    let (p, q) = (&board.places[a], &board.places[b]);
    let (x1, y1, x2, y2) = match kind {
        LinkKind::Stream => hexside(p, q),
        _ => (p.x, p.y, q.x, q.y),
    };
    let style = match kind {
        LinkKind::Adjacent => r##"stroke="#8a7f66" stroke-width="2""##,
        LinkKind::Road => r##"stroke="#b5651d" stroke-width="2.5""##,
        LinkKind::Stream => r##"stroke="#2b6cb0" stroke-width="3""##,
    };
    let _ = writeln!(
        s,
        r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style}/>"#
    );
}

/// The hexside between two adjacent hexes: the segment through their midpoint,
/// perpendicular to the line joining their centres, one hex side long.
fn hexside(p: &Place, q: &Place) -> (f32, f32, f32, f32) {
    let r = match p.shape {
        Shape::Hex(r) => r,
        _ => 10.0,
    };
    let (mx, my) = ((p.x + q.x) / 2.0, (p.y + q.y) / 2.0);
    let (dx, dy) = (q.x - p.x, q.y - p.y);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (nx, ny) = (-dy / len * r / 2.0, dx / len * r / 2.0);
    (mx - nx, my - ny, mx + nx, my + ny)
}

/// A place's shape, with its halo when an action leads there.
fn place_svg(s: &mut String, p: &Place, lit: bool) {
    let _ = write!(
        s,
        r#"<g class="place{}" data-place="{}">"#,
        if lit { " lit" } else { "" },
        esc(&p.id)
    );
    let stroke = match (&p.outline, p.holder) {
        (Some(c), _) => format!(r#"stroke="{c}" stroke-width="3""#),
        (None, Some(side)) => format!(r#"stroke="{}" stroke-width="2""#, SIDE_COLOURS[side % 2]),
        (None, None) => r##"stroke="#5a5040" stroke-width="1""##.to_string(),
    };
    shape_svg(s, p, &p.fill, &stroke);
    if lit {
        shape_svg(
            s,
            p,
            "none",
            r##"class="halo" stroke="#e0a000" stroke-width="4" stroke-dasharray="6 3""##,
        );
    }
    s.push_str("</g>\n");
}

/// A place's label, marks and counters, with its description and stack as a tooltip.
fn contents_svg(s: &mut String, board: &Board, p: &Place) {
    let _ = write!(s, r#"<g class="stack" data-place="{}">"#, esc(&p.id));
    let _ = write!(s, "<title>{}", esc(&p.tooltip));
    for c in &p.counters {
        let _ = write!(s, "\n{}", esc(&counter_line(board, c)));
    }
    s.push_str("</title>");
    text_svg(s, p);
    counters_svg(s, p);
    s.push_str("</g>\n");
}

/// What going to a highlighted place costs, on a pale badge inside the place: in an empty hex
/// at its middle, under its label (lower, it would sit on the next row's label and read as
/// that hex's); in a hex with counters between its label and its counters, so that it hides
/// neither; under an area or a box.
fn cost_svg(s: &mut String, p: &Place, cost: &str) {
    let (size, dy) = match p.shape {
        Shape::Hex(r) if !p.counters.is_empty() => (r * 0.36, -r * 0.07),
        Shape::Hex(r) => (r * 0.4, r * 0.3),
        Shape::Circle(r) => (11.0, r + 9.0),
        Shape::Rect(_, h) => (11.0, h / 2.0 + 9.0),
    };
    let width = size * 0.6 * cost.chars().count() as f32 + size * 0.6;
    let _ = write!(
        s,
        r##"<g class="cost" pointer-events="none"><rect x="{:.1}" y="{:.1}" width="{width:.1}" height="{:.1}" rx="2" fill="#fff8d0" stroke="#e0a000" stroke-width="0.8"/><text x="{:.1}" y="{:.1}" font-size="{size:.1}" text-anchor="middle">{}</text></g>"##,
        p.x - width / 2.0,
        p.y + dy - size * 0.95,
        size * 1.25,
        p.x,
        p.y + dy,
        esc(cost)
    );
    s.push('\n');
}

fn shape_svg(s: &mut String, p: &Place, fill: &str, stroke: &str) {
    let (x, y) = (p.x, p.y);
    let _ = match p.shape {
        Shape::Circle(r) => write!(
            s,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r}" fill="{fill}" {stroke}/>"#
        ),
        Shape::Rect(w, h) => write!(
            s,
            r#"<rect x="{:.1}" y="{:.1}" width="{w}" height="{h}" rx="6" fill="{fill}" {stroke}/>"#,
            x - w / 2.0,
            y - h / 2.0
        ),
        Shape::Hex(r) => {
            let points: Vec<String> = (0..6)
                .map(|k| {
                    // Pointy-topped: hexrows run west to east.
                    let a = std::f32::consts::PI / 3.0 * k as f32 + std::f32::consts::PI / 6.0;
                    format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
                })
                .collect();
            write!(
                s,
                r#"<polygon points="{}" fill="{fill}" {stroke}/>"#,
                points.join(" ")
            )
        }
    };
}

fn text_svg(s: &mut String, p: &Place) {
    let (size, dy) = match p.shape {
        Shape::Hex(r) => (r * 0.42, -r * 0.45),
        // High in the circle, so the counters under the marks have its widest part.
        Shape::Circle(r) => (15.0, -r * 0.5),
        Shape::Rect(_, h) => (13.0, -h * 0.3),
    };
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{:.1}" font-size="{size:.1}" text-anchor="middle" font-weight="bold">{}</text>"#,
        p.x,
        p.y + dy,
        esc(&p.label)
    );
    if let (Some(foot), Shape::Hex(r)) = (&p.foot, p.shape) {
        let _ = write!(
            s,
            r#"<text class="foot" x="{:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" font-weight="bold" fill="{}">{}</text>"#,
            p.x,
            p.y + r * 0.82,
            r * 0.3,
            p.outline.as_deref().unwrap_or("#000"),
            esc(foot)
        );
    }
    if !p.marks.is_empty() && !matches!(p.shape, Shape::Hex(_)) {
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle">{}</text>"#,
            p.x,
            p.y + dy + 11.0,
            esc(&p.marks.join(" "))
        );
    }
}

/// Counters as side-coloured boxes in rows under the label, all inside the place: alike
/// counters (same side, face and printed values) share one box with their number ("×3"), the boxes
/// shrink to fit, and what still does not fit is counted ("+3"); the tooltip lists them all.
fn counters_svg(s: &mut String, p: &Place) {
    let groups = by_turns(alike(&p.counters));
    let layout = fit(p, &groups);
    for (slot, &(c, n)) in layout.slots.iter().zip(&groups) {
        counter_svg(s, slot, c, n);
    }
    if let Some((x, y, font, left)) = layout.more {
        // The "+N" in the side's colour when the counters left out are all one side's.
        let rest = &groups[layout.slots.len().min(groups.len())..];
        let fill = match rest.first() {
            Some((c, _)) if rest.iter().all(|(o, _)| o.side == c.side) => SIDE_COLOURS[c.side % 2],
            _ => "#000",
        };
        let _ = write!(
            s,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{font:.1}" fill="{fill}">+{left}</text>"#
        );
    }
}

/// The groups with the sides taking turns (each side's in their order), so that a place both
/// sides share shows each side's counters before the "+N" of those with no room (trial 12b
/// F4: an area's three German counters were only a "+3").
fn by_turns(groups: Vec<(&Counter, usize)>) -> Vec<(&Counter, usize)> {
    let mut sides: Vec<usize> = Vec::new();
    for (c, _) in &groups {
        if !sides.contains(&c.side) {
            sides.push(c.side);
        }
    }
    if sides.len() < 2 {
        return groups;
    }
    let mut queues: Vec<Vec<(&Counter, usize)>> = sides
        .iter()
        .map(|&side| {
            groups
                .iter()
                .copied()
                .filter(|(c, _)| c.side == side)
                .collect()
        })
        .collect();
    queues.iter_mut().for_each(|q| q.reverse());
    let mut out = Vec::with_capacity(groups.len());
    while out.len() < groups.len() {
        for q in &mut queues {
            out.extend(q.pop());
        }
    }
    out
}

/// The counters grouped when alike in every way the picture or the tooltip shows (side, face,
/// state, carried weapon, look), in the order they first come: a squad with a bazooka is not
/// one of "4|6|5 ×3".
fn alike(counters: &[Counter]) -> Vec<(&Counter, usize)> {
    let mut groups: Vec<(&Counter, usize)> = Vec::new();
    for c in counters {
        let look = |o: &Counter| (o.side, o.hidden, o.flipped, o.facing, o.carries);
        let same = |g: &&mut (&Counter, usize)| {
            let o = g.0;
            // Printed values too: a tank and an infantry unit may share a face (trial 22e F1).
            look(o) == look(c) && (&o.face, &o.status, &o.values) == (&c.face, &c.status, &c.values)
        };
        match groups.iter_mut().find(|g| same(g)) {
            Some(g) => g.1 += 1,
            None => groups.push((c, 1)),
        }
    }
    groups
}

/// Where one box goes: its corner, size and font.
#[derive(Clone, Copy, Debug)]
struct Slot {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    font: f32,
}

/// The boxes of a place's groups that fit, and the "+N" of the counters that do not.
struct Layout {
    slots: Vec<Slot>,
    more: Option<(f32, f32, f32, usize)>,
}

/// How opaque a flipped counter's colour is: pale, its side still told by its hue.
const FLIPPED_OPACITY: f32 = 0.45;

/// The smallest text a box may have: below it a face cannot be read in the 2× PNG.
const MIN_FONT: f32 = 5.0;

/// Where a place's first row of boxes starts, and the boxes' height before any shrinking.
fn first_box(p: &Place) -> (f32, f32) {
    match p.shape {
        Shape::Hex(r) => (p.y + 2.0, r * 0.46),
        // Under the label (baseline at −r/2) and the marks (11 below it).
        Shape::Circle(r) => (p.y - r * 0.5 + 15.0, 18.0),
        Shape::Rect(_, h) => (p.y - h * 0.3 + 4.0, 18.0),
    }
}

/// The height, in pixels, at which a counter's face reads without effort.
const READABLE_FACE_PX: f32 = 11.0;

/// How much the drawing must be enlarged, at least `at_least`, for every counter's face (in
/// a crowded place, shrunk to fit) to be `READABLE_FACE_PX` high: a hex map's small hexes and
/// a crowded landing box need more than an area map's open areas.
pub fn readable_scale(board: &Board, at_least: f32) -> f32 {
    let face = board
        .places
        .iter()
        .filter(|p| !p.counters.is_empty())
        .filter_map(|p| {
            let layout = fit(p, &alike(&p.counters));
            let more = layout.more.map(|m| m.2);
            layout.slots.first().map(|s| s.font).or(more)
        })
        .fold(f32::INFINITY, f32::min);
    match face.is_finite() && face > 0.0 {
        true => (READABLE_FACE_PX / face).max(at_least),
        false => at_least,
    }
}

/// Lays the groups out in rows from under the label, at the largest size at which all of
/// them fit inside the place; at the smallest size, as many as fit with a "+N" after them.
fn fit(p: &Place, groups: &[(&Counter, usize)]) -> Layout {
    let (top, base) = first_box(p);
    let mut scale = 1.0;
    loop {
        let h = base * scale;
        let font = h * 0.5;
        let last = font * 0.9 <= MIN_FONT;
        if let Some(layout) = rows(p, groups, top, h, font, last) {
            return layout;
        }
        scale *= 0.9;
    }
}

/// A box's width for its face and count ("4|6|5 ×3"), and the facing wedge's room, at `font`.
fn box_width((c, n): (&Counter, usize), font: f32, h: f32) -> f32 {
    let wedge = if c.facing.is_some() && !c.hidden {
        h * 0.5
    } else {
        0.0
    };
    (text_width(&face(c, n), font) + h * 0.35).max(h) + wedge
}

/// What a box says: the counter's face (`?` for one the viewer may not see), and "×3" when
/// it stands for three alike counters.
fn face(c: &Counter, n: usize) -> String {
    let text = if c.hidden { "?" } else { c.face.as_str() };
    match n {
        1 => text.to_string(),
        _ => format!("{text} ×{n}"),
    }
}

/// The width of `text` in DejaVu Sans at `font` (its advance widths, rounded up).
fn text_width(text: &str, font: f32) -> f32 {
    let em: f32 = text
        .chars()
        .map(|c| match c {
            '|' | '.' | ',' | ' ' | 'i' | 'l' | '\'' => 0.34,
            '-' | '(' | ')' => 0.4,
            '0'..='9' | 'a'..='z' | '?' => 0.64,
            '+' | '×' | '½' => 0.84,
            _ => 0.74,
        })
        .sum();
    em * font
}

/// The place's inside between heights `y0` and `y1`, as (left, right); `None` if none.
fn span(p: &Place, y0: f32, y1: f32) -> Option<(f32, f32)> {
    let d = (y0 - p.y).abs().max((y1 - p.y).abs());
    let half = match p.shape {
        Shape::Circle(r) => (r * r - d * d).max(0.0).sqrt(),
        Shape::Hex(r) if d <= r / 2.0 => r * 3f32.sqrt() / 2.0,
        Shape::Hex(r) => 3f32.sqrt() * (r - d).max(0.0),
        Shape::Rect(w, h) if d <= h / 2.0 => w / 2.0,
        Shape::Rect(..) => 0.0,
    };
    let margin = 2.0;
    (half > margin).then_some((p.x - half + margin, p.x + half - margin))
}

/// Rows of boxes of height `h`, each row centred; `None` if not all fit and `last` is false.
fn rows(
    p: &Place,
    groups: &[(&Counter, usize)],
    top: f32,
    h: f32,
    font: f32,
    last: bool,
) -> Option<Layout> {
    let gap = h * 0.15;
    let widths: Vec<f32> = groups.iter().map(|&g| box_width(g, font, h)).collect();
    let mut slots = Vec::new();
    let mut y = top;
    let mut next = 0;
    while next < groups.len() {
        let Some((left, right)) = span(p, y, y + h) else {
            break;
        };
        let mut row = Vec::new();
        let mut x = 0.0;
        while next < groups.len() && x + widths[next] <= right - left {
            row.push((x, widths[next]));
            x += widths[next] + gap;
            next += 1;
        }
        if row.is_empty() {
            break;
        }
        let x0 = p.x - (x - gap) / 2.0;
        slots.extend(row.iter().map(|&(dx, w)| Slot {
            x: x0 + dx,
            y,
            w,
            h,
            font,
        }));
        y += h + gap;
    }
    if next == groups.len() {
        return Some(Layout { slots, more: None });
    }
    if !last {
        return None;
    }
    Some(with_more(p, groups, slots, top, h, font))
}

/// At the smallest size: drops boxes from the end until "+N" fits after the last one.
fn with_more(
    p: &Place,
    groups: &[(&Counter, usize)],
    mut slots: Vec<Slot>,
    top: f32,
    h: f32,
    font: f32,
) -> Layout {
    loop {
        let left: usize = groups[slots.len()..].iter().map(|g| g.1).sum();
        let label = format!("+{left}");
        let (x, y) = slots
            .last()
            .map_or((p.x - text_width(&label, font) / 2.0, top), |s| {
                (s.x + s.w + h * 0.15, s.y)
            });
        let fits =
            span(p, y, y + h).is_some_and(|(_, right)| x + text_width(&label, font) <= right);
        if fits && !slots.is_empty() {
            return Layout {
                slots,
                more: Some((x, y + h * 0.7, font, left)),
            };
        }
        if slots.len() <= 1 {
            return first_and_count(p, groups, top, h, font);
        }
        slots.pop();
    }
}

/// A place too small for a box and its "+N" beside it: the first counter drawn all the same,
/// the count under it (trial 23e F1, 23g F2: a full stack showed as a lone "+3").
fn first_and_count(p: &Place, groups: &[(&Counter, usize)], top: f32, h: f32, font: f32) -> Layout {
    let w = box_width(groups[0], font, h);
    let first = Slot {
        x: p.x - w / 2.0,
        y: top,
        w,
        h,
        font,
    };
    let left: usize = groups[1..].iter().map(|g| g.1).sum();
    let label = format!("+{left}");
    let more = (left > 0).then(|| {
        let x = p.x - text_width(&label, font) / 2.0;
        (x, top + h * 1.15 + h * 0.7, font, left)
    });
    Layout {
        slots: vec![first],
        more,
    }
}

/// One box: the side's colour (a plain back when hidden), its face with how many alike
/// counters it stands for, and its facing.
fn counter_svg(s: &mut String, slot: &Slot, c: &Counter, n: usize) {
    let Slot { x, y, w, h, font } = *slot;
    let fill = if c.hidden {
        HIDDEN
    } else {
        SIDE_COLOURS[c.side % 2]
    };
    // A flipped unit (spent, broken, disrupted) is pale, its face dark.
    let (opacity, ink) = match c.flipped && !c.hidden {
        true => (FLIPPED_OPACITY, "#111"),
        false => (1.0, "white"),
    };
    let _ = write!(
        s,
        r##"<rect class="counter" data-side="{}" x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="2" fill="{fill}" fill-opacity="{opacity}" stroke="#222" stroke-width="0.8"/>"##,
        c.side
    );
    if let (Some(f), false) = (c.facing, c.hidden) {
        facing_svg(s, (x + w / 2.0, y + h / 2.0), h, f);
    }
    if c.carries && !c.hidden {
        let (right, d) = (x + w, h * 0.38);
        let _ = write!(
            s,
            r##"<polygon class="carries" points="{right:.1},{y:.1} {:.1},{y:.1} {right:.1},{:.1}" fill="{CARRIES}" stroke="#222" stroke-width="0.4"/>"##,
            right - d,
            y + d
        );
    }
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{:.1}" font-size="{font:.1}" text-anchor="middle" fill="{ink}">{}</text>"#,
        x + w / 2.0,
        y + h * 0.5 + font * 0.36,
        esc(&face(c, n))
    );
}

/// A counter's facing: a dark wedge on its edge where the hull or carriage points, a line
/// (the barrel) out of its edge where the gun or turret points.
fn facing_svg(s: &mut String, (cx, cy): (f32, f32), size: f32, f: Facing) {
    let at = |degrees: f32, r: f32| {
        let a = degrees.to_radians();
        (cx + r * a.cos(), cy + r * a.sin())
    };
    let hull = f32::from(f.hull);
    let tip = at(hull, size * 0.74);
    let left = at(hull - 22.0, size * 0.5);
    let right = at(hull + 22.0, size * 0.5);
    let _ = write!(
        s,
        r##"<polygon class="facing" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#111"/>"##,
        tip.0, tip.1, left.0, left.1, right.0, right.1
    );
    let turret = f32::from(f.turret);
    let (start, end) = (at(turret, size * 0.42), at(turret, size * 0.78));
    let _ = write!(
        s,
        r##"<line class="barrel" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#111" stroke-width="{:.1}" stroke-linecap="round"/>"##,
        start.0,
        start.1,
        end.0,
        end.1,
        size * 0.09
    );
}

/// One counter in words: side, name, values, state.
pub fn counter_line(board: &Board, c: &Counter) -> String {
    let side = board.sides.get(c.side).map_or("", String::as_str);
    if c.hidden {
        // The game's own words and rule (trial 13b F7: Aachen was given 5.3.4 of another game).
        return match board.hidden {
            "" => format!("{side}: a unit you cannot see"),
            words => format!("{side}: {words}"),
        };
    }
    let mut line = format!("{side}: {}", c.name);
    if !c.values.is_empty() {
        let _ = write!(line, " {}", c.values);
    }
    if !c.status.is_empty() {
        let _ = write!(line, " ({})", c.status);
    }
    line
}

/// The key's swatch for a flipped counter: the first side's colour at `FLIPPED_OPACITY` on
/// the paper.
const PALE: &str = "#afbc96";

/// The corner mark of a counter carrying a weapon.
const CARRIES: &str = "#f2c230";

/// One entry of the key under the map: where its swatch's text starts, its colour and meaning.
struct KeyEntry {
    x: f32,
    y: f32,
    colour: String,
    meaning: String,
}

/// Where the key's parts are drawn under the map.
struct KeyLayout {
    entries: Vec<KeyEntry>,
    /// The notes' lines and their baselines.
    notes: Vec<(f32, String)>,
    /// The title's lines and their baselines, under the notes.
    title: Vec<(f32, String)>,
    /// The bottom of the picture.
    bottom: f32,
}

/// The key laid out in rows as wide as the map (at least 400 units), then the notes' lines
/// and the title's, each wrapped to the map's width (a Campaign's status is longer than a
/// small map is wide; trial 19b F5).
fn key_layout(board: &Board, lit: bool) -> KeyLayout {
    let (entries, mut y) = swatches(board);
    let mut notes = Vec::new();
    let boxes = board.places.iter().any(|p| p.counters.len() > 1);
    let grouping = boxes.then_some(GROUPING_NOTE);
    let held = board
        .places
        .iter()
        .any(|p| p.holder.is_some() && p.outline.is_none());
    let control = held.then_some(CONTROL_NOTE);
    let halo = lit.then_some(HALO_NOTE);
    let per_line = (board.width.max(400.0) / NOTE_CHAR_WIDTH) as usize;
    let notes_drawn = board.notes.iter().map(String::as_str);
    for note in notes_drawn.chain(grouping).chain(control).chain(halo) {
        for line in wrap(note, per_line) {
            notes.push((y, line));
            y += 16.0;
        }
    }
    let per_line = ((board.width.max(400.0) - 20.0) / TITLE_CHAR_WIDTH) as usize;
    let title: Vec<_> = wrap(&board.title, per_line)
        .into_iter()
        .enumerate()
        .map(|(i, line)| (y + 14.0 * i as f32, line))
        .collect();
    let last = title.last().map_or(y, |(baseline, _)| *baseline);
    KeyLayout {
        entries,
        notes,
        title,
        bottom: last + 8.0,
    }
}

/// How a place's counters are boxed (`counters_svg`), said once under the key.
const GROUPING_NOTE: &str = "×3: three alike counters in one box; +2: two more counters than the \
                             place has room to draw (in a side's colour: all that side's)";

/// What the dashed outline of `place_svg`'s halo means, said under the key when one is drawn
/// (trial 12b F3: the page's amber outline had no key entry).
const HALO_NOTE: &str = "a dashed amber outline: a place your options lead to, with what going \
                         there costs (MP, AP) written on it";

/// The plain back of a counter whose face the viewer may not see.
const HIDDEN: &str = "#9a9a9a";

/// What a place's outline in a side's colour means (`Place::holder`), said once under the key.
const CONTROL_NOTE: &str = "an outline in a side's colour: the side that controls the place";

/// The width of a character of a note at its font size (12), on average.
const NOTE_CHAR_WIDTH: f32 = 6.4;

/// The width of a character of the title at its font size (11), on average.
const TITLE_CHAR_WIDTH: f32 = NOTE_CHAR_WIDTH * 11.0 / 12.0;

/// `text` in lines of at most `width` characters, broken between words.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The key's swatches in rows, and the baseline under them.
fn swatches(board: &Board) -> (Vec<KeyEntry>, f32) {
    let (mut x, mut y) = (10.0, board.height + 14.0);
    let sides = board
        .sides
        .iter()
        .enumerate()
        .map(|(i, name)| (SIDE_COLOURS[i % 2].to_string(), name.clone()));
    // A mark drawn on some counter the viewer sees gets its swatch.
    let drawn = |mark: fn(&Counter) -> bool| {
        let seen = |c: &Counter| mark(c) && !c.hidden;
        board.places.iter().any(|p| p.counters.iter().any(seen))
    };
    let marks = [
        (
            drawn(|c| c.flipped),
            PALE,
            format!("pale: {}", board.flipped),
        ),
        (
            drawn(|c| c.carries),
            CARRIES,
            "corner mark: carries a weapon".to_string(),
        ),
        (
            board
                .places
                .iter()
                .any(|p| p.counters.iter().any(|c| c.hidden)),
            HIDDEN,
            match board.hidden {
                "" => "?: a counter whose face you cannot see".to_string(),
                words => format!("?: {words}"),
            },
        ),
    ];
    let extra = marks
        .into_iter()
        .filter(|(on, ..)| *on)
        .map(|(_, colour, meaning)| (colour.to_string(), meaning));
    let mut entries = Vec::new();
    for (colour, meaning) in sides.chain(board.legend.iter().cloned()).chain(extra) {
        let width = 30.0 + 8.0 * meaning.chars().count() as f32;
        if x + width > board.width.max(400.0) && x > 10.0 {
            x = 10.0;
            y += 18.0;
        }
        entries.push(KeyEntry {
            x,
            y,
            colour,
            meaning,
        });
        x += width;
    }
    (entries, y + 18.0)
}

fn key_svg(s: &mut String, board: &Board, lit: bool) {
    let KeyLayout {
        entries,
        notes,
        title,
        ..
    } = key_layout(board, lit);
    for (y, line) in &notes {
        let _ = write!(
            s,
            r##"<text x="10" y="{y:.1}" font-size="12" fill="#222">{}</text>"##,
            esc(line)
        );
    }
    for KeyEntry {
        x,
        y,
        colour,
        meaning,
    } in &entries
    {
        let _ = write!(
            s,
            r##"<rect x="{x}" y="{:.1}" width="14" height="14" fill="{colour}" stroke="#555"/><text x="{:.1}" y="{y:.1}" font-size="13">{}</text>"##,
            y - 11.0,
            x + 18.0,
            esc(meaning)
        );
    }
    for (y, line) in &title {
        let _ = write!(
            s,
            r##"<text x="10" y="{y:.1}" font-size="11" fill="#444">{}</text>"##,
            esc(line)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counter() -> Counter {
        Counter {
            side: 0,
            name: "1st Squad".into(),
            values: String::new(),
            face: "4-6-7".into(),
            status: String::new(),
            hidden: false,
            flipped: false,
            facing: None,
            carries: false,
        }
    }

    /// The numbers of the first `tag` element's attribute `key`.
    fn numbers(svg: &str, tag: &str, key: &str) -> Vec<f32> {
        let at = svg.find(tag).expect(tag);
        let from = svg[at..].find(key).expect(key) + at + key.len();
        svg[from..]
            .split('"')
            .next()
            .unwrap()
            .split([' ', ','])
            .map(|n| n.parse().unwrap())
            .collect()
    }

    /// A facing counter carries a wedge pointing the hull's way and a barrel the turret's:
    /// a hull facing south (90°) puts the wedge's tip below the counter's centre, a turret
    /// facing east (0°) puts the barrel's end right of it; a counter with no facing has
    /// neither, and a hidden one shows none.
    #[test]
    fn a_facing_counter_points_its_hull_and_its_barrel() {
        let mut hex = Place::new("A3", 100.0, 100.0, Shape::Hex(20.0), "#fff");
        let mut c = counter();
        c.facing = Some(Facing {
            hull: 90,
            turret: 0,
        });
        hex.counters.push(c.clone());
        let mut svg = String::new();
        counters_svg(&mut svg, &hex);
        // The one counter's box: its centre, and its height as the facing's size.
        let rect = |key: &str| numbers(&svg, "class=\"counter\"", key)[0];
        let size = rect("height=\"");
        let (cx, cy) = (
            rect(" x=\"") + rect("width=\"") / 2.0,
            rect(" y=\"") + size / 2.0,
        );
        let wedge = numbers(&svg, "class=\"facing\"", "points=\"");
        let (tip_x, tip_y) = (wedge[0], wedge[1]);
        assert!(
            (tip_x - cx).abs() < 0.2 && tip_y > cy + size / 2.0,
            "{wedge:?}"
        );
        let x2 = numbers(&svg, "class=\"barrel\"", "x2=\"")[0];
        let y2 = numbers(&svg, "class=\"barrel\"", "y2=\"")[0];
        assert!(x2 > cx + size / 2.0 && (y2 - cy).abs() < 0.2, "{x2} {y2}");
        for facing in [None, c.facing] {
            let mut other = hex.clone();
            other.counters[0].facing = facing;
            other.counters[0].hidden = facing.is_some();
            let mut svg = String::new();
            counters_svg(&mut svg, &other);
            assert!(!svg.contains("facing") && !svg.contains("barrel"), "{svg}");
        }
    }

    /// A hex map's small hexes are enlarged until a counter's face is drawn at
    /// `READABLE_FACE_PX`, a crowded place's shrunk faces too; an area map's large faces keep
    /// the least enlargement asked for.
    #[test]
    fn small_hexes_and_crowded_places_are_enlarged_until_a_face_reads() {
        let board = |shape| {
            let mut p = Place::new("A3", 100.0, 100.0, shape, "#fff");
            p.counters.push(counter());
            Board {
                places: vec![p],
                ..Board::default()
            }
        };
        let hexes = board(Shape::Hex(20.0));
        let mut svg = String::new();
        counters_svg(&mut svg, &hexes.places[0]);
        let face = numbers(&svg, "<text", "font-size=\"")[0];
        let scale = readable_scale(&hexes, 1.5);
        assert!(
            scale > 1.5 && (face * scale - READABLE_FACE_PX).abs() < 0.1,
            "{face} × {scale}"
        );
        assert_eq!(readable_scale(&board(Shape::Circle(36.0)), 1.5), 1.5);
        let mut crowded = board(Shape::Circle(36.0));
        for k in 0..6 {
            let mut c = counter();
            c.face = format!("{k}|{k}|5");
            crowded.places[0].counters.push(c);
        }
        let mut svg = String::new();
        counters_svg(&mut svg, &crowded.places[0]);
        let shrunk = numbers(&svg, "<text", "font-size=\"")[0];
        let scale = readable_scale(&crowded, 1.5);
        assert!(
            shrunk < 7.0 && shrunk * scale >= READABLE_FACE_PX - 0.1,
            "{shrunk} × {scale}"
        );
        assert_eq!(
            readable_scale(&Board::default(), 2.0),
            2.0,
            "no place: the least"
        );
    }

    /// A 400 × 300 board of two sides with nothing on it.
    fn blank_board() -> Board {
        Board {
            width: 400.0,
            height: 300.0,
            sides: vec!["Germans".into(), "Russians".into()],
            title: "Turn 1".into(),
            ..Board::default()
        }
    }

    /// The dashed outline of the places the options lead to has its line in the key, drawn
    /// only with it (trial 12b F3).
    #[test]
    fn the_outline_of_the_places_options_lead_to_is_in_the_key() {
        let mut board = blank_board();
        board
            .places
            .push(Place::new("A3", 100.0, 100.0, Shape::Hex(20.0), "#fff"));
        let lit = [Highlight {
            place: "A3".into(),
            cost: Some("1 AP".into()),
        }];
        let svg = to_svg(&board, &lit);
        assert!(svg.contains("class=\"halo\"") && svg.contains("dashed amber outline"));
        assert!(!to_svg(&board, &[]).contains("dashed amber outline"));
        assert!(key_only_svg(&board, true).contains("dashed amber outline"));
    }

    /// A place both sides share draws each side's counters before the "+N" of those with no
    /// room, and a "+N" of one side's counters is in that side's colour (trial 12b F4).
    #[test]
    fn a_shared_place_shows_both_sides_before_its_overflow() {
        let mut area = Place::new("5", 100.0, 100.0, Shape::Circle(34.0), "#fff");
        for (side, face) in [(0, "2|3|5"), (0, "2|2|5"), (0, "1|1|5"), (0, "3|3|5")] {
            area.counters.push(Counter {
                side,
                face: face.into(),
                ..counter()
            });
        }
        for face in ["3|4|4", "NCO 1"] {
            area.counters.push(Counter {
                side: 1,
                face: face.into(),
                ..counter()
            });
        }
        let groups = by_turns(alike(&area.counters));
        let sides: Vec<usize> = groups.iter().map(|(c, _)| c.side).collect();
        assert_eq!(sides, [0, 1, 0, 1, 0, 0]);
        let mut svg = String::new();
        counters_svg(&mut svg, &area);
        assert!(svg.contains(">3|4|4<"), "{svg}");
        assert!(
            svg.contains(&format!("fill=\"{}\">+", SIDE_COLOURS[0])),
            "{svg}"
        );
    }

    /// The key wraps into as many rows as it needs, and the picture is tall enough for them
    /// and the title under them.
    #[test]
    fn the_picture_makes_room_for_every_row_of_the_key() {
        let mut board = blank_board();
        let height = |b: &Board| numbers(&to_svg(b, &[]), "<svg", "height=\"")[0];
        let short = height(&board);
        board.legend = (0..8)
            .map(|i| {
                (
                    "#000".to_string(),
                    format!("a long meaning of the key, number {i}"),
                )
            })
            .collect();
        let KeyLayout {
            entries, bottom, ..
        } = key_layout(&board, false);
        assert!(entries.iter().all(|e| e.x + 30.0 <= 400.0));
        assert!(height(&board) > short && height(&board) >= bottom);
        assert!(entries.last().unwrap().y > 300.0 + 18.0 * 7.0);
        // A note longer than the picture is wide wraps into lines under the swatches.
        board.notes = vec!["4-6-7: a squad's firepower-range-morale, ".repeat(4)];
        // So does a title (a Campaign's status line; trial 19b F5).
        board.title = "Turn 3 of 9, the Germans' Action Phase: ".repeat(4);
        let KeyLayout {
            entries,
            notes,
            title,
            bottom,
        } = key_layout(&board, false);
        assert!(notes.len() >= 3, "{notes:?}");
        assert!(notes
            .iter()
            .all(|(_, l)| l.chars().count() as f32 * NOTE_CHAR_WIDTH <= 400.0));
        assert!(title.len() >= 2, "{title:?}");
        assert!(title
            .iter()
            .all(|(_, l)| 10.0 + l.chars().count() as f32 * TITLE_CHAR_WIDTH <= 400.0));
        let words = |lines: &[(f32, String)]| {
            lines
                .iter()
                .map(|(_, l)| l.clone())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(words(&title), board.title.trim_end());
        assert!(notes[0].0 > entries.last().unwrap().y && title[0].0 > notes.last().unwrap().0);
        assert!(height(&board) >= bottom && bottom > title.last().unwrap().0);
    }

    /// The boxes drawn for `p`'s counters: (left, top, right, bottom) each.
    fn boxes(p: &Place) -> Vec<(f32, f32, f32, f32)> {
        let mut svg = String::new();
        counters_svg(&mut svg, p);
        svg.split("<rect class=\"counter\"")
            .skip(1)
            .map(|r| {
                let n = |key: &str| numbers(r, "", key)[0];
                let (x, y) = (n(" x=\""), n(" y=\""));
                (x, y, x + n("width=\""), y + n("height=\""))
            })
            .collect()
    }

    /// Every box lies inside its place (a hex, an area's circle), however many counters the
    /// place holds: alike ones share a box ("×2"), the rest shrink, and what cannot fit is
    /// counted ("+N"), never drawn over the neighbours or off the map.
    #[test]
    fn counters_stay_inside_their_place() {
        let inside = |p: &Place, (x0, y0, x1, y1): (f32, f32, f32, f32)| {
            [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
                .iter()
                .all(|&(x, y)| {
                    let (dx, dy) = ((x - p.x).abs(), (y - p.y).abs());
                    match p.shape {
                        Shape::Circle(r) => dx * dx + dy * dy <= r * r + 0.1,
                        // Inside a pointy-topped hex: within its flat sides and its slanted ones.
                        Shape::Hex(r) => dx <= r * 0.867 && dy + dx / 3f32.sqrt() <= r + 0.1,
                        Shape::Rect(w, h) => dx <= w / 2.0 && dy <= h / 2.0,
                    }
                })
        };
        // Each game's shape with its faces: Cross of Iron's hexes, Crossing the Line's
        // smaller ones, Rudder's Line's and Aachen's areas.
        let games: [(Shape, &[&str]); 3] = [
            (
                Shape::Hex(30.0),
                &["4-6-7", "8-1", "PzIV", "4-4-7", "7-0R", "45mm"],
            ),
            (Shape::Hex(20.0), &["4-5", "3-5", "HQ", "2-5", "6-4"]),
            (
                Shape::Circle(36.0),
                &["4|6|5", "2|2|5", "1|1|5", "3|4|4", "?"],
            ),
        ];
        for (shape, faces) in games {
            for n in 1..=8 {
                let mut p = Place::new("A1", 40.0, 40.0, shape, "#fff");
                for k in 0..n {
                    let mut c = counter();
                    c.face = faces[k % faces.len()].to_string();
                    c.side = k % 2;
                    p.counters.push(c);
                }
                let drawn = boxes(&p);
                assert!(!drawn.is_empty(), "{shape:?} {n}: at least one box");
                for b in &drawn {
                    assert!(inside(&p, *b), "{shape:?} with {n}: {b:?} spills out");
                }
                // Every counter is in a box or in the count after them.
                let mut svg = String::new();
                counters_svg(&mut svg, &p);
                let groups = alike(&p.counters);
                let left: usize = groups[drawn.len()..].iter().map(|g| g.1).sum();
                if left > 0 {
                    assert!(svg.contains(&format!(">+{left}<")), "{svg}");
                }
            }
        }
        let mut p = Place::new("B5", 40.0, 40.0, Shape::Hex(30.0), "#fff");
        p.counters = vec![counter(), counter()];
        let mut svg = String::new();
        counters_svg(&mut svg, &p);
        assert_eq!(boxes(&p).len(), 1, "two alike counters, one box");
        assert!(svg.contains(">4-6-7 ×2<"), "{svg}");
    }

    /// However small the place, a stack shows its first counter and counts the rest under it,
    /// never a lone "+3" (trial 23e F1, 23g F2).
    #[test]
    fn a_crowded_small_place_draws_its_first_counter() {
        for r in [6.0, 9.0, 12.0, 16.0] {
            let mut p = Place::new("4705", 40.0, 40.0, Shape::Hex(r), "#fff");
            p.foot = Some("5 VP".into());
            for face in ["4-5", "3-6", "2-5"] {
                p.counters.push(Counter {
                    face: face.into(),
                    ..counter()
                });
            }
            let mut svg = String::new();
            counters_svg(&mut svg, &p);
            let drawn = boxes(&p);
            assert!(
                !drawn.is_empty() && svg.contains(">4-5<"),
                "radius {r}: {svg}"
            );
            let left = 3 - drawn.len();
            if left > 0 {
                assert!(svg.contains(&format!(">+{left}<")), "radius {r}: {svg}");
            }
        }
    }

    /// The top and bottom of the cost badge drawn for `p`.
    fn badge(p: &Place) -> (f32, f32) {
        let mut s = String::new();
        cost_svg(&mut s, p, "6 MF");
        let num = |key: &str| -> f32 {
            let at = s.find(key).expect(key) + key.len();
            s[at..].split('"').next().unwrap().parse().unwrap()
        };
        let top = num(" y=\"");
        (top, top + num("height=\""))
    }

    /// In a hex holding counters the cost badge sits between the hex's name and its counters
    /// (neither hidden); in an empty hex it sits at the foot.
    #[test]
    fn a_cost_badge_hides_no_counter_and_no_label() {
        let r = 24.0;
        let mut hex = Place::new("A3", 100.0, 100.0, Shape::Hex(r), "#fff");
        let (top, bottom) = badge(&hex);
        let label_baseline = 100.0 - r * 0.45;
        assert!(
            top > label_baseline && bottom < 100.0 + r * 0.5,
            "an empty hex: under its label, within its sides ({top}, {bottom})"
        );
        hex.counters.push(counter());
        let (top, bottom_with) = badge(&hex);
        let counters_top = 100.0 + 2.0;
        assert!(
            top >= label_baseline,
            "{top} under the label at {label_baseline}"
        );
        assert!(
            bottom_with <= counters_top,
            "{bottom_with} over the counters at {counters_top}"
        );
        assert!(bottom > counters_top, "the empty hex's badge is lower");
    }
}
