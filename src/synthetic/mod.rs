//! Synthetic inputs for the benchmarks, the property tests and the examples: scenario files of any
//! size and shape, boards of cards by name, and card data files in Scryfall's and MTGJSON's
//! formats. Deterministic for a given seed; never read by the product itself.

mod boards;
mod card_boards;
mod card_files;
mod events;

pub use boards::{copy_ring, copy_web, dense_scenario, scenario, scenario_with_copies_and_text, shifting_scenario};
pub use card_boards::{imported_board, library_board};
pub use card_files::{mtgjson_atomic_cards, name as card_name, oracle_id, scryfall_cards, scryfall_rulings};
pub use events::{one_event, pyroclasm, random as random_events, DAMAGE_EFFECTS, MAX_DAMAGE_EFFECTS};
