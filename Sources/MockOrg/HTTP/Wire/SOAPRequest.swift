import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What the org reads of a SOAP request: the session from the `SessionHeader`, the operation
/// (the first element in the `Body`) and, for `undelete`, its `ids`.
///
/// Read with FoundationXML's `XMLParser` (libxml2's SAX reader): it ships with the toolchain on
/// Linux, so no package is added, and a SAX reader keeps nothing but the few values wanted. A
/// document type is refused before parsing, so no entity is ever expanded.
struct SOAPRequest: Sendable {
    static let envelopeNamespace = "http://schemas.xmlsoap.org/soap/envelope/"
    static let partnerNamespace = "urn:partner.soap.sforce.com"

    var sessionID: String?
    /// The operation's namespace and local name, e.g. `urn:partner.soap.sforce.com` and `undelete`.
    var operation: (namespace: String, name: String)?
    var ids: [String] = []

    /// Reads `body`, or throws the `soapenv:Client` fault Salesforce gives for a request that is not a SOAP envelope.
    static func parse(_ body: [UInt8]) throws(SOAPFault) -> SOAPRequest {
        guard !body.isEmpty else { throw SOAPFault.client("Premature end of file.") }
        // FoundationXML's reader is not safe on names that are not UTF-8.
        guard String(validating: body, as: UTF8.self) != nil else {
            throw SOAPFault.client("Invalid byte 1 of 1-byte UTF-8 sequence.")
        }
        if body.count >= 9, Self.containsDocumentType(body) {
            throw SOAPFault.client("DOCTYPE is disallowed when the feature is set to true.")
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(body))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse(), reader.failure == nil else {
            throw SOAPFault.client(reader.failure ?? "The request is not well-formed XML.")
        }
        guard reader.sawEnvelope else {
            throw SOAPFault.client("The request is not a SOAP envelope.")
        }
        return reader.request
    }

    private static func containsDocumentType(_ body: [UInt8]) -> Bool {
        let marker = Array("<!DOCTYPE".utf8)
        guard body.count >= marker.count else { return false }
        for start in 0...(body.count - marker.count) where body[start] == UInt8(ascii: "<") {
            if zip(marker, body[start..<(start + marker.count)]).allSatisfy({ $0 == $1 || $0 == $1 & 0xDF }) {
                return true
            }
        }
        return false
    }

    /// The SAX delegate: tracks the path of elements to pick out the three things wanted.
    private final class Reader: NSObject, XMLParserDelegate {
        var request = SOAPRequest()
        var failure: String?
        var sawEnvelope = false
        private var path: [(namespace: String, name: String)] = []
        private var text = ""
        /// Each id's text is bounded; an id is 18 characters.
        private static let maxText = 4096

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = (namespace: namespaceURI ?? "", name: elementName)
            if path.isEmpty {
                guard element.namespace == SOAPRequest.envelopeNamespace, element.name == "Envelope" else {
                    fail(parser, "The root element is not a SOAP Envelope.")
                    return
                }
                sawEnvelope = true
            }
            // The operation: the first element inside the Body.
            if path.count == 2, path[1].name == "Body", path[1].namespace == SOAPRequest.envelopeNamespace,
                request.operation == nil
            {
                request.operation = element
            }
            path.append(element)
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard text.utf8.count + string.utf8.count <= Self.maxText else {
                fail(parser, "An element's text is too long.")
                return
            }
            text += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            // Envelope / Header / SessionHeader / sessionId
            if path.count == 4, path[1].name == "Header", path[2].name == "SessionHeader", elementName == "sessionId" {
                request.sessionID = value
            }
            // Envelope / Body / operation / ids
            if path.count == 4, path[1].name == "Body", elementName == "ids" {
                request.ids.append(value)
            }
            if !path.isEmpty { path.removeLast() }
            text = ""
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if failure == nil { failure = "The request is not well-formed XML (line \(parser.lineNumber))." }
        }

        private func fail(_ parser: XMLParser, _ message: String) {
            if failure == nil { failure = message }
            parser.abortParsing()
        }
    }
}
