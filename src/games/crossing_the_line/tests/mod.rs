//! Rule tests of the engine, named by rule number.
