import Foundation
import HTTPTypes

/// The body of a Composite request (`POST …/composite`), read and checked before any subrequest
/// runs: `allOrNone` (false when absent), and up to `maxSubrequests` subrequests, each with its
/// `method`, `url` (under `/services/data/`), `referenceId` (letters, digits and underscores,
/// unique), and optional `body` and `httpHeaders`. `collateSubrequests` is read and ignored: the
/// subrequests always run in order.
struct CompositeRequestBody {
    struct Subrequest {
        let method: HTTPRequest.Method
        let url: String
        let referenceId: String
        /// The parsed JSON body (`JSONSerialization`'s types); nil when there is none.
        let body: Any?
        let headers: [(name: String, value: String)]

        /// Whether it may change the org's data (anything but GET and HEAD).
        var isWrite: Bool { method != .get && method != .head }

        /// Whether `url` (its references resolved) names a resource a Composite subrequest may
        /// use, as Salesforce lists them: every sObject resource, Query and QueryAll (and their
        /// next pages), and sObject Collections from API 43.0. Anything else (`limits`, a bulk
        /// job, a composite) is not run: it answers as a path no route takes.
        static func isComposable(_ url: String) -> Bool {
            guard let resource = PathComponents.component(3, of: url) else { return false }
            switch resource {
            case "sobjects", "query", "queryAll": return true
            case "composite":
                return PathComponents.component(4, of: url) == "sobjects"
                    && PathComponents.component(2, of: url).flatMap(Resources.versionNumber).map {
                        $0 >= collectionsVersion
                    } ?? false
            default: return false
            }
        }

        /// The first API version whose Composite subrequests may use sObject Collections.
        static let collectionsVersion = 43
    }

    /// Salesforce's limits: 25 subrequests, of which 5 query operations (query, queryAll and
    /// their next pages).
    static let maxSubrequests = 25
    static let maxQueries = 5

    let allOrNone: Bool
    let subrequests: [Subrequest]

    init(_ bytes: [UInt8]) throws(APIError) {
        guard let object = try OrgStore.parseJSON(bytes) as? [String: Any] else {
            throw Self.invalid("The composite request body must be a JSON object")
        }
        allOrNone = object["allOrNone"] as? Bool ?? false
        guard let list = object["compositeRequest"] as? [Any], !list.isEmpty else {
            throw Self.invalid("compositeRequest must be a non-empty array of subrequests")
        }
        guard list.count <= Self.maxSubrequests else {
            throw Self.invalid(
                "Received \(list.count) subrequests, more than the limit of \(Self.maxSubrequests)")
        }
        var subrequests: [Subrequest] = []
        var seen: Set<String> = []
        for entry in list {
            let subrequest = try Self.subrequest(entry)
            guard seen.insert(subrequest.referenceId).inserted else {
                throw Self.invalid("Duplicate referenceId provided in the request: \(subrequest.referenceId)")
            }
            subrequests.append(subrequest)
        }
        let queries = subrequests.count { Self.isQuery($0.url) }
        guard queries <= Self.maxQueries else {
            throw Self.invalid("Received \(queries) query operations, more than the limit of \(Self.maxQueries)")
        }
        self.subrequests = subrequests
    }

    private static func subrequest(_ entry: Any) throws(APIError) -> Subrequest {
        guard let fields = entry as? [String: Any], let methodName = fields["method"] as? String,
            let url = fields["url"] as? String, let referenceId = fields["referenceId"] as? String
        else {
            throw invalid("Each subrequest needs a method, a url and a referenceId")
        }
        guard let method = HTTPRequest.Method(methodName.uppercased()) else {
            throw invalid("Unsupported method in a subrequest: \(methodName)")
        }
        guard url.hasPrefix("/services/data/") else {
            throw invalid("The url of a subrequest must start with /services/data/: \(url)")
        }
        guard !referenceId.isEmpty, referenceId.utf8.allSatisfy(isReferenceIdByte) else {
            throw invalid("A referenceId may hold only letters, numbers and underscores: \(referenceId)")
        }
        var headers: [(name: String, value: String)] = []
        if let given = fields["httpHeaders"] as? [String: Any] {
            for (name, value) in given.sorted(by: { $0.key < $1.key }) {
                guard let value = value as? String else { throw invalid("httpHeaders values must be strings") }
                headers.append((name, value))
            }
        }
        let body = fields["body"].flatMap { $0 is NSNull ? nil : $0 }
        return Subrequest(method: method, url: url, referenceId: referenceId, body: body, headers: headers)
    }

    private static func isReferenceIdByte(_ byte: UInt8) -> Bool {
        SalesforceID.isAlphanumeric(byte) || byte == UInt8(ascii: "_")
    }

    /// Whether `url` is a query operation: `…/query`, `…/queryAll`, or a next page of either.
    private static func isQuery(_ url: String) -> Bool {
        let resource = PathComponents.component(3, of: url)
        return resource == "query" || resource == "queryAll"
    }

    private static func invalid(_ message: String) -> APIError {
        APIError(status: 400, "INVALID_INPUT", message)
    }
}
