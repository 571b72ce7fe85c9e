//! Lists of choices made of masks, the form of the lists random play meets most often: one
//! definition of such a list both builds it and draws from it without building it, so the
//! two cannot disagree on its order.

use super::state::{bits, nth_bit};
use super::Action;
use crate::engine::GameRng;
use rand::Rng;

/// A mask and the action each of its set bits stands for (`Action::Select` for units).
pub type Masked = (u32, fn(u8) -> Action);

/// The choices of a step in list order: the set bits of each mask, lowest first, each made an
/// action by the mask's constructor; then the closing choice, if any.
pub struct MaskChoices<const N: usize> {
    pub masks: [Masked; N],
    pub last: Option<Action>,
}

impl<const N: usize> MaskChoices<N> {
    /// The list, appended to `out`. Inline, as `draw`.
    #[inline(always)]
    pub fn push_to(&self, out: &mut Vec<Action>) {
        for (m, action) in self.masks {
            for b in bits(u64::from(m)) {
                out.push(action(b));
            }
        }
        if let Some(a) = self.last {
            out.push(a);
        }
    }

    /// The entry at index `random_range(0..len)` of the list, as the random player would pick
    /// it from the list, found without building it. Inline, so that each mask's constructor
    /// is known where it is called rather than called through a pointer.
    #[inline(always)]
    pub fn draw(&self, rng: &mut GameRng) -> Action {
        let counted: u32 = self.masks.iter().map(|(m, _)| m.count_ones()).sum();
        let len = counted + u32::from(self.last.is_some());
        let mut n = rng.random_range(0..len as usize) as u32;
        for (m, action) in self.masks {
            if n < m.count_ones() {
                return action(nth_bit(m, n));
            }
            n -= m.count_ones();
        }
        self.last.expect("the draw is below the length of the list")
    }
}
