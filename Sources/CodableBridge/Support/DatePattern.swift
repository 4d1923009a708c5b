import Foundation

// MARK: - Design
//
// A fixed date pattern (`"yyyy-MM-dd'T'HH:mm:ss.SSSXXX"`) read and written by hand in UTC with the
// POSIX calendar — no `DateFormatter` (slow to make, locale-dependent, not `Sendable`). The pattern
// is compiled once into fields and literals:
//
//     "yyyy-MM-dd HH:mm"  →  [year(4), "-", month(2), "-", day(2), " ", hour(2), ":", minute(2)]
//     parse "2024-05-01 12:30" → 2024-05-01T12:30:00Z      format → the same text
//
// Supported letters: `yyyy` (four-digit year), `MM`/`M`, `dd`/`d`, `HH`/`H`, `mm`/`m`, `ss`/`s`
// (two digits, or one or two for the single letter), `S`…`SSSSSSSSS` (fraction of a second, that
// many digits), `Z` (`+hhmm` or `Z` when parsing, `+0000` when formatting), `XXX` (`Z` or
// `±hh:mm` when parsing, `Z` when formatting). Text in single quotes (`'T'`, `''` for a quote) and
// every character that is not a letter are literals. Any other letter is unsupported.

/// A compiled date pattern, parsed and formatted in UTC with the POSIX calendar.
struct DatePattern: Sendable, Hashable {
    enum Field: Sendable, Hashable {
        case year, month, day, hour, minute, second
        case fraction(digits: Int)
        case zoneBasic, zoneExtended
    }

    enum Part: Sendable, Hashable {
        case field(Field, minDigits: Int, maxDigits: Int)
        case literal([UInt8])
    }

    let pattern: String
    let parts: [Part]

    /// Compiles `pattern`; a letter sequence it does not support is the error's description.
    init(_ pattern: String) throws(DatePatternError) {
        self.pattern = pattern
        var parts: [Part] = []
        let chars = Array(pattern.unicodeScalars)
        var i = 0
        func appendLiteral(_ bytes: [UInt8]) {
            if case .literal(let previous)? = parts.last {
                parts[parts.count - 1] = .literal(previous + bytes)
            } else {
                parts.append(.literal(bytes))
            }
        }
        while i < chars.count {
            let c = chars[i]
            if c == "'" {
                var j = i + 1
                var text: [UInt8] = []
                if j < chars.count, chars[j] == "'" {
                    appendLiteral([UInt8(ascii: "'")])
                    i = j + 1
                    continue
                }
                while j < chars.count, chars[j] != "'" {
                    text += Array(String(chars[j]).utf8)
                    j += 1
                }
                guard j < chars.count else { throw DatePatternError(pattern: pattern, problem: "a quoted literal is not closed") }
                appendLiteral(text)
                i = j + 1
                continue
            }
            guard c.properties.isAlphabetic, c.isASCII else {
                appendLiteral(Array(String(c).utf8))
                i += 1
                continue
            }
            var j = i
            while j < chars.count, chars[j] == c { j += 1 }
            let run = j - i
            let letters = String(String.UnicodeScalarView(chars[i ..< j]))
            switch (c, run) {
            case ("y", 4): parts.append(.field(.year, minDigits: 4, maxDigits: 4))
            case ("M", 1 ... 2): parts.append(.field(.month, minDigits: run, maxDigits: 2))
            case ("d", 1 ... 2): parts.append(.field(.day, minDigits: run, maxDigits: 2))
            case ("H", 1 ... 2): parts.append(.field(.hour, minDigits: run, maxDigits: 2))
            case ("m", 1 ... 2): parts.append(.field(.minute, minDigits: run, maxDigits: 2))
            case ("s", 1 ... 2): parts.append(.field(.second, minDigits: run, maxDigits: 2))
            case ("S", 1 ... 9): parts.append(.field(.fraction(digits: run), minDigits: run, maxDigits: run))
            case ("Z", 1): parts.append(.field(.zoneBasic, minDigits: 0, maxDigits: 0))
            case ("X", 3): parts.append(.field(.zoneExtended, minDigits: 0, maxDigits: 0))
            default:
                throw DatePatternError(pattern: pattern, problem: "\"\(letters)\" is not supported (supported: yyyy, MM, M, dd, d, HH, H, mm, m, ss, s, S…SSSSSSSSS, Z, XXX, 'quoted text')")
            }
            i = j
        }
        self.parts = parts
    }

    /// The date `text` stands for, or `nil` when it does not follow the pattern or names no real
    /// date (month 13, February 30, …).
    func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        var i = 0
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0
        var nanos = 0
        var offset = 0
        func digits(min: Int, max: Int) -> Int? {
            var value = 0
            var count = 0
            while count < max, i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                value = value * 10 + Int(bytes[i] - 0x30)
                i += 1
                count += 1
            }
            return count >= min ? value : nil
        }
        for part in parts {
            switch part {
            case .literal(let literal):
                guard bytes.count - i >= literal.count, Array(bytes[i ..< i + literal.count]) == literal else { return nil }
                i += literal.count
            case .field(let field, let minDigits, let maxDigits):
                switch field {
                case .zoneBasic, .zoneExtended:
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: "Z") {
                        i += 1
                        continue
                    }
                    guard bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
                    let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
                    i += 1
                    guard let hours = digits(min: 2, max: 2) else { return nil }
                    if field == .zoneExtended {
                        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                        i += 1
                    }
                    guard let minutes = digits(min: 2, max: 2), hours < 24, minutes < 60 else { return nil }
                    offset = sign * (hours * 3600 + minutes * 60)
                default:
                    guard let value = digits(min: minDigits, max: maxDigits) else { return nil }
                    switch field {
                    case .year: year = value
                    case .month: month = value
                    case .day: day = value
                    case .hour: hour = value
                    case .minute: minute = value
                    case .second: second = value
                    case .fraction(let count):
                        var scaled = value
                        for _ in count ..< 9 { scaled *= 10 }
                        nanos = scaled
                    case .zoneBasic, .zoneExtended: break
                    }
                }
            }
        }
        guard i == bytes.count, (1 ... 12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanos) / 1_000_000_000)
    }

    /// `date` written with the pattern, in UTC.
    func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var whole = interval.rounded(.down)
        var nanos = Int(((interval - whole) * 1_000_000_000).rounded())
        if nanos >= 1_000_000_000 {
            whole += 1
            nanos -= 1_000_000_000
        }
        let total = Int(whole)
        let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
        let secondOfDay = total - days * 86400
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        var out = ""
        func pad(_ value: Int, _ width: Int) {
            let text = String(value)
            if text.count < width { out += String(repeating: "0", count: width - text.count) }
            out += text
        }
        for part in parts {
            switch part {
            case .literal(let bytes): out += String(decoding: bytes, as: UTF8.self)
            case .field(let field, let minDigits, _):
                switch field {
                case .year: pad(year, 4)
                case .month: pad(month, minDigits)
                case .day: pad(day, minDigits)
                case .hour: pad(secondOfDay / 3600, minDigits)
                case .minute: pad(secondOfDay / 60 % 60, minDigits)
                case .second: pad(secondOfDay % 60, minDigits)
                case .fraction(let count):
                    var value = nanos
                    for _ in count ..< 9 { value /= 10 }
                    pad(value, count)
                case .zoneBasic: out += "+0000"
                case .zoneExtended: out += "Z"
                }
            }
        }
        return out
    }
}

/// A date pattern `DatePattern` cannot compile.
struct DatePatternError: Error, Sendable, Hashable {
    let pattern: String
    let problem: String
}
