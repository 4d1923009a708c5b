/// Answers per type that a decoder asks again and again — how a type decodes
/// (`DecoderImpl.classify(_:)`), whether it takes a JSON null (`DecoderImpl.acceptsNull(_:)`) —
/// kept per decoder: the first is held inline, so a decode that meets one composite type (a small
/// model of scalars) allocates no list, and at most 32 are kept.
struct TypeAnswers<Answer> {
    private var first: (id: ObjectIdentifier, answer: Answer)?, more: [(id: ObjectIdentifier, answer: Answer)] = []
    @inline(__always) func answer(for id: ObjectIdentifier) -> Answer? {
        if let first, first.id == id { return first.answer }
        for entry in more where entry.id == id { return entry.answer }
        return nil
    }
    mutating func add(_ id: ObjectIdentifier, _ answer: Answer) {
        if first == nil { first = (id, answer) } else if more.count < 31 { more.append((id, answer)) }
    }
}
