import HTTPTypes
import Hummingbird

/// `POST /services/Soap/u/NN.N`: the partner SOAP API's `undelete`, the one SOAP call this org
/// answers (REST has no undelete). The session is the `SessionHeader`'s `sessionId`, the same
/// access token REST takes as a bearer. Every other request on the path is a SOAP fault, never
/// a crash: not XML, not an envelope, another operation, another method, an unknown version.
struct SOAPRoutes {
    /// The most ids one `undelete` takes, as on Salesforce.
    static let maxIDs = 200
    static let pathPrefix = "/services/Soap/u/"

    let store: OrgStore
    let tokens: TokenStore
    let newestVersion: Int

    func addRoutes(to router: Router<MockOrgContext>) {
        let soap = router.group("services/Soap/u")
        // `u/66.0`, and `u/66.0/ORGID` as the login call's server URL names it.
        for path: RouterPath in ["*", "*/*"] {
            for method in HTTPRequest.Method.parsed {
                soap.on(path, method: method) { request, _ in try await answer(request) }
            }
        }
    }

    private func answer(_ request: Request) async throws -> Response {
        guard request.method == .post else {
            throw SOAPFault.client("The SOAP API takes POST only, not " + request.method.rawValue + ".")
        }
        let version = request.uri.path.dropFirst(Self.pathPrefix.count).split(separator: "/").first ?? ""
        guard let number = Resources.versionNumber("v" + version),
            (Resources.oldestVersion...newestVersion).contains(number)
        else {
            throw SOAPFault.api("UNSUPPORTED_API_VERSION", "Invalid Api version specified on URL")
        }
        let body = Array(try await request.body.collect(upTo: .max).readableBytesView)
        let soap = try SOAPRequest.parse(body)
        guard let operation = soap.operation else { throw SOAPFault.client("The SOAP Body holds no operation.") }
        guard operation.namespace == SOAPRequest.partnerNamespace, operation.name == "undelete" else {
            throw SOAPFault.client("No operation available for request {" + operation.namespace + "}" + operation.name)
        }
        guard let session = soap.sessionID, !session.isEmpty, tokens.isValidAccessToken(session) else {
            throw SOAPFault.invalidSession
        }
        guard soap.ids.count <= Self.maxIDs else {
            throw SOAPFault.api(
                "EXCEEDED_ID_LIMIT", "record limit reached. cannot submit more than 200 records into this call",
                type: "InvalidIdFault")
        }
        let outcomes = store.undelete(ids: soap.ids, now: WallClock.nowMillis())
        var xml = SOAPResponseText.envelopeStart() + "<undeleteResponse>"
        for outcome in outcomes {
            xml += "<result>"
            if let error = outcome.error {
                xml +=
                    "<errors><message>" + SOAPResponseText.escaped(error.message) + "</message><statusCode>"
                    + error.statusCode + "</statusCode></errors><id xsi:nil=\"true\"/><success>false</success>"
            } else {
                xml += "<id>" + SOAPResponseText.escaped(outcome.id) + "</id><success>true</success>"
            }
            xml += "</result>"
        }
        xml += "</undeleteResponse>" + SOAPResponseText.envelopeEnd
        return SOAPResponseText.response(xml)
    }
}
