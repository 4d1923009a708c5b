import Testing

/// The parent suite of every coercion suite, so that `swift test --filter Coercion` selects
/// them all: each rule family's table lives in its own file as an extension of this suite.
@Suite("Coercion")
enum CoercionTests {}
