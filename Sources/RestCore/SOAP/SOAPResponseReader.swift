import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads the partner SOAP API's answers: `undelete`'s per-id results, or a fault.
///
/// Built on FoundationXML's `XMLParser` (libxml2's SAX reader), which ships with the toolchain on
/// Linux and macOS, so RestCore gains no package; a SAX reader keeps only what it looks for.
/// Hostile input is bounded: bytes that are not UTF-8 and a document type are refused before
/// parsing (no entity is expanded),
/// element text and the number of results are capped, and every failure is a value.
public enum SOAPResponseReader {
    /// The most results one answer may hold (an `undelete` takes at most 200 ids).
    static let maxResults = 10_000
    /// The longest element text kept (a fault's message is a sentence or two).
    static let maxText = 32_768

    /// What an answer says.
    public enum Reading: Sendable, Hashable {
        case results([UndeleteResult])
        case fault(SOAPFault)
    }

    /// Why an answer could not be read; one sentence.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String
    }

    /// The results or the fault of `body`.
    public static func read(_ body: [UInt8]) -> Result<Reading, Failure> {
        guard !body.isEmpty else { return .failure(Failure(description: "the SOAP answer is empty.")) }
        // FoundationXML's reader is not safe on names that are not UTF-8 (the fuzzer found it).
        guard String(validating: body, as: UTF8.self) != nil else {
            return .failure(Failure(description: "the SOAP answer is not UTF-8 text."))
        }
        if containsDocumentType(body) {
            return .failure(Failure(description: "the SOAP answer declares a document type, which is refused."))
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(body))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let parsed = parser.parse()
        if let failure = reader.failure { return .failure(Failure(description: failure)) }
        guard parsed else {
            return .failure(Failure(description: "the SOAP answer is not well-formed XML (line \(parser.lineNumber))."))
        }
        if let fault = reader.fault { return .success(.fault(fault)) }
        guard reader.sawBody else { return .failure(Failure(description: "the answer is not a SOAP envelope.")) }
        return .success(.results(reader.results))
    }

    /// The fault of `body`, nil when it holds none or cannot be read.
    public static func fault(in body: [UInt8]) -> SOAPFault? {
        if case .success(.fault(let fault)) = read(body) { return fault }
        return nil
    }

    static func containsDocumentType(_ body: [UInt8]) -> Bool {
        let marker = Array("<!DOCTYPE".utf8)
        guard body.count >= marker.count else { return false }
        for start in 0...(body.count - marker.count) where body[start] == UInt8(ascii: "<") {
            var same = true
            for offset in 1..<marker.count where marker[offset] != body[start + offset] & 0xDF {
                same = false
                break
            }
            if same { return true }
        }
        return false
    }

    /// The SAX delegate: follows the element path and fills results or the fault.
    private final class Reader: NSObject, XMLParserDelegate {
        var results: [UndeleteResult] = []
        var fault: SOAPFault?
        var failure: String?
        var sawBody = false
        private var path: [String] = []
        private var text = ""
        private var result: UndeleteResult?
        private var error: SalesforceError?
        private var faultParts: [String: String] = [:]
        private static let maxDepth = 64

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard path.count < Self.maxDepth else { return stop(parser, "the SOAP answer nests too deep.") }
            if path.count == 1 && elementName == "Body" { sawBody = true }
            switch elementName {
            case "result" where path.count == 3:
                guard results.count < SOAPResponseReader.maxResults else {
                    return stop(parser, "the SOAP answer holds too many results.")
                }
                result = UndeleteResult(id: nil, success: false, errors: [])
            case "errors" where result != nil:
                error = SalesforceError(message: "", errorCode: "", fields: [])
            default:
                break
            }
            path.append(elementName)
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard text.utf8.count + string.utf8.count <= SOAPResponseReader.maxText else {
                return stop(parser, "an element of the SOAP answer is too long.")
            }
            text += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            text = ""
            let parent = path.count >= 2 ? path[path.count - 2] : ""
            if error != nil, parent == "errors" {
                switch elementName {
                case "statusCode": error?.errorCode = value
                case "message": error?.message = value
                case "fields": if !value.isEmpty { error?.fields?.append(value) }
                default: break
                }
            } else if elementName == "errors", let finished = error {
                result?.errors.append(finished)
                error = nil
            } else if result != nil, parent == "result" {
                switch elementName {
                case "id": result?.id = value.isEmpty ? nil : value
                case "success": result?.success = value == "true"
                default: break
                }
            } else if elementName == "result", let finished = result, path.count == 4 {
                results.append(finished)
                result = nil
            } else if path.contains("Fault") {
                // faultcode, faultstring, and the detail's exceptionCode and exceptionMessage.
                if ["faultcode", "faultstring", "exceptionCode", "exceptionMessage"].contains(elementName) {
                    faultParts[elementName] = value
                }
                if elementName == "Fault" {
                    fault = SOAPFault(
                        faultCode: faultParts["faultcode"] ?? "", faultString: faultParts["faultstring"] ?? "",
                        exceptionCode: faultParts["exceptionCode"], exceptionMessage: faultParts["exceptionMessage"])
                }
            }
            if !path.isEmpty { path.removeLast() }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            // XMLParser's own message; the line is enough for a person.
        }

        private func stop(_ parser: XMLParser, _ message: String) {
            if failure == nil { failure = message }
            parser.abortParsing()
        }
    }
}
