import Foundation

/// The answers of a Composite request's subrequests so far, and `@{referenceId.path}` in a later
/// subrequest's url or body read from them: `path` steps through objects by key and arrays by
/// `[index]` (`@{refAccount.id}`, `@{refQuery.records[0].Id}`). A reference to a subrequest that
/// failed, or to a value that is not there, is Salesforce's 400 `PROCESSING_HALTED`, and the
/// subrequest does not run.
struct CompositeReferences {
    /// Each successful subrequest's body (`JSONSerialization`'s types), by reference id.
    private var bodies: [String: Any] = [:]
    /// Every reference id answered so far, in order, for the error's list.
    private var answered: [String] = []

    /// Keeps the answer of `referenceId`; only a successful one can be referred to.
    mutating func record(_ referenceId: String, body: Any?, succeeded: Bool) {
        answered.append(referenceId)
        if succeeded, let body { bodies[referenceId] = body }
    }

    /// The reference ids the subrequests' urls and bodies name, so that only those answers are
    /// kept for reading (`record`).
    static func referenceIds(in subrequests: [CompositeRequestBody.Subrequest]) -> Set<String> {
        var ids: Set<String> = []
        func scan(_ value: Any) {
            switch value {
            case let text as String:
                var rest = text[...]
                while let start = rest.range(of: "@{"), let end = rest[start.upperBound...].firstIndex(of: "}") {
                    ids.insert(referenceId(of: rest[start.upperBound..<end]))
                    rest = rest[rest.index(after: end)...]
                }
            case let object as [String: Any]: object.values.forEach(scan)
            case let array as [Any]: array.forEach(scan)
            default: break
            }
        }
        for subrequest in subrequests {
            scan(subrequest.url)
            if let body = subrequest.body { scan(body) }
        }
        return ids
    }

    /// `text` with each reference replaced by its value's text.
    func resolving(_ text: String) throws(APIError) -> String {
        guard text.contains("@{") else { return text }
        var result = ""
        var rest = text[...]
        while let start = rest.range(of: "@{") {
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            result += rest[..<start.lowerBound]
            result += Self.text(of: try value(of: String(rest[start.upperBound..<end])))
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// `body` with its references resolved: a string that is one reference becomes the value
    /// itself (a number stays a number); references inside a longer string, their text.
    func resolving(body: Any) throws(APIError) -> Any {
        switch body {
        case let text as String:
            if text.hasPrefix("@{"), text.hasSuffix("}"), text.firstIndex(of: "}") == text.index(before: text.endIndex)
            {
                return try value(of: String(text.dropFirst(2).dropLast()))
            }
            return try resolving(text)
        case let object as [String: Any]:
            var resolved: [String: Any] = [:]
            for (key, member) in object { resolved[key] = try resolving(body: member) }
            return resolved
        case let array as [Any]:
            var resolved: [Any] = []
            for member in array { resolved.append(try resolving(body: member)) }
            return resolved
        default:
            return body
        }
    }

    /// The value `expression` (`refAccount.id`) names.
    private func value(of expression: String) throws(APIError) -> Any {
        let steps = expression.split(separator: ".", omittingEmptySubsequences: false)
        let referenceId = Self.referenceId(of: expression[...])
        guard var current = bodies[referenceId] else { throw halted(expression, referenceId) }
        for (position, step) in steps.enumerated() {
            let parts = step.split(separator: "[", omittingEmptySubsequences: false)
            if position > 0 {
                guard let object = current as? [String: Any], let member = object[String(parts[0])] else {
                    throw halted(expression, referenceId)
                }
                current = member
            }
            for index in parts.dropFirst() {
                guard index.hasSuffix("]"), let number = Int(index.dropLast()), let array = current as? [Any],
                    array.indices.contains(number)
                else { throw halted(expression, referenceId) }
                current = array[number]
            }
        }
        return current
    }

    /// The reference id an expression starts with (`refQuery` in `refQuery.records[0].Id`).
    private static func referenceId(of expression: Substring) -> String {
        String(
            expression.split(separator: ".", omittingEmptySubsequences: false).first?.split(separator: "[").first ?? "")
    }

    private func halted(_ expression: String, _ referenceId: String) -> APIError {
        APIError(
            status: 400, "PROCESSING_HALTED",
            "Invalid reference specified. No value for \(expression) found in \(referenceId). "
                + "Provided referenceId ids are [\(answered.joined(separator: ", "))]")
    }

    /// A value as it reads inside a url or a longer string.
    private static func text(of value: Any) -> String {
        switch value {
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        default:
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}
