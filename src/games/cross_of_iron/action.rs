//! A decision or a chance outcome.

/// What a player decides for the counter whose turn it is in the phase, or a die roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The counter does nothing (more) this phase.
    Pass,
    /// Infantry, support-weapon or AFV machine-gun fire at a hex on the Infantry Fire Table;
    /// `sustained` for 95's sustained fire.
    Fire { hex: u8, sustained: bool },
    /// A main gun or AT gun fires armour-piercing at an AFV (63); `intensive` for 70.
    Shoot { target: u8, intensive: bool },
    /// A main gun or AT gun fires high explosive at a hex (63.2).
    HighExplosive { hex: u8, intensive: bool },
    /// Move to a hex for `cost` MF or MP (past the allowance: Double Time, 73, or speed
    /// breakdown, 79); an AFV entering an enemy hex overruns it (72).
    Move { hex: u8, cost: u8 },
    /// 71: an AFV backs into a hex behind it (71.2) for `cost` MP (four times the
    /// terrain's).
    Reverse { hex: u8, cost: u8 },
    /// 64.44: button up, or open up (crew exposed).
    Hatch,
    /// 66.3: in the Movement Phase the crew of an immobilised AFV gets out to repair it; in
    /// the Advance Phase a crew that is out gets back in.
    Repair,
    /// An AFV's hull facing after it moves (64.1), 0-5 clockwise from east.
    Face { dir: u8 },
    /// Advance into an adjacent hex (SL 19; into an enemy hex: close combat).
    Advance { hex: u8 },
    /// A die or dice total.
    Roll(u8),
}
