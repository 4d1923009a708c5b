import CodableBridge
import Testing

// `import CodableBridge` re-exports `CodableBridgeCoercion`. These two file-scope types would be
// ambiguous with, or shadowed by, library types of the same names; the library must not declare
// top-level `Scalar` or `Coercion` (they are `CoercionScalar` and `CoercionResult`).
private struct Scalar: Equatable {
    let raw: Int
}

private enum Coercion: Equatable {
    case user
}

@Suite("Namespace")
struct NamespaceTests {
    @Test func userTypesNamedScalarAndCoercionAreUsable() {
        let scalar = Scalar(raw: 3)
        let coercion = Coercion.user
        #expect(scalar.raw == 3)
        #expect(coercion == .user)
    }

    @Test func coercionNamesAreReachableThroughCodableBridge() {
        let found: CoercionScalar = .string(" 12 ")
        let result: CoercionResult<Int> = CoercionPolicy.lenient.integer(Int.self, from: found)
        #expect(result.value == 12)
    }

    /// Names too generic for a library to put into every importer's namespace.
    static let genericNames: Set<String> = ["Scalar", "Coercion", "Result", "Value", "Node", "Key", "Rule", "Policy"]

    @Test func noPublicTopLevelTypeHasAGenericName() throws {
        let files = SourceTree.files
        try #require(!files.isEmpty, "Sources/ not found at \(SourceTree.sourcesURL.path)")
        let offenders = files.flatMap { file in
            Self.publicTopLevelNames(in: file.text).filter(Self.genericNames.contains).map { "\(file.path): \($0)" }
        }
        #expect(offenders.isEmpty, "generic public names: \(offenders)")
    }

    @Test func theScanFindsAGenericName() {
        let synthetic = "/// doc\npublic enum Scalar: Sendable {\n    case null\n}\npublic struct Fine {}\n"
        #expect(Self.publicTopLevelNames(in: synthetic) == ["Scalar", "Fine"])
    }

    /// The names of `public` types declared at the start of a line (file scope).
    static func publicTopLevelNames(in text: String) -> [String] {
        let pattern = #/^public (?:final )?(?:struct|enum|class|protocol|typealias|actor) (\w+)/#.anchorsMatchLineEndings()
        return text.matches(of: pattern).map { String($0.output.1) }
    }
}
