//! Cross of Iron (the Squad Leader gamette, 4th edition): so far its ordnance dice (63–70) and
//! the smaller dice procedures (66.3, 67.11, 75.8, 79, 86, 93, 99, 100), rules the text
//! states in full. The charts they read from (the TO HIT table 33.3, the AFV
//! KILL table 33.4) are Squad Leader's and missing from the text: their numbers are inputs
//! here, never reconstructed values. The game itself (board, units, scenario) is not yet
//! implemented.

pub mod gunnery;
pub mod modifiers;
pub mod procedures;

/// The game. It has no engine yet: only its exact ordnance odds (`analysis::cross_of_iron`).
pub struct CrossOfIron;
