import Foundation
import RestCore

/// The org's list view that `--list-view` names: found among the object's views (every page), by
/// label or developer name ignoring case, with its describe.
struct ListViewLookup: Sendable {
    let object: String
    let view: ListViewSummary
    let description: ListViewDescription

    /// The view's SOQL, when a client may run it; nil for a view only its results read.
    var query: String? {
        guard view.soqlCompatible, let query = description.query, !query.allSatisfy(\.isWhitespace) else {
            return nil
        }
        return query
    }

    /// Reads the views of `object` and the describe of the one called `name`. An unknown object or
    /// name is a usage error (exit 2) whose sentence lists the views there are; a failing org, a
    /// runtime error.
    static func find(_ name: String, object: String, client: RestClient) async throws(CommandFailure) -> ListViewLookup
    {
        let views: [ListViewSummary]
        do throws(RestClientError) {
            views = try await client.listViews(ofObjectType: object)
        } catch {
            if error.httpStatus == 404 {
                throw CommandFailure.usage("The org has no object \(object) with list views (\(error.description)).")
            }
            throw CommandFailure.runtime("The list views of \(object) could not be read: \(error.description)")
        }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard let view = views.first(where: { $0.isNamed(trimmed) }) else {
            throw CommandFailure.usage(unknownViewSentence(trimmed, object: object, views: views))
        }
        do throws(RestClientError) {
            let response = try await client.send(
                client.requestForListViewDescribe(withObjectType: object, listViewId: view.id))
            return ListViewLookup(object: object, view: view, description: try ListViewDescription.decode(response))
        } catch {
            throw CommandFailure.runtime("The list view \(view.label) could not be described: \(error.description)")
        }
    }

    /// "Contact has no list view called X; its views are A, B and C."
    static func unknownViewSentence(_ name: String, object: String, views: [ListViewSummary]) -> String {
        let labels = views.map(\.label)
        let listed: String
        switch labels.count {
        case 0: return "\(object) has no list view called \(name); it has no list views."
        case 1: listed = labels[0]
        default: listed = labels.dropLast().joined(separator: ", ") + " and " + labels.last!
        }
        return "\(object) has no list view called \(name); its views are \(listed)."
    }
}
