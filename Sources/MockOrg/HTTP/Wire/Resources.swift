import JSONKit

/// The static-shaped documents: versions, resources, describeGlobal, basic info and describe.
enum Resources {
    static let oldestVersion = 31
    static let newestVersion = 66

    /// 66 for `v66.0`, as a data API path names a version; nil for any other text.
    static func versionNumber(_ version: some StringProtocol) -> Int? {
        guard version.hasPrefix("v"), version.hasSuffix(".0") else { return nil }
        return Int(version.dropFirst().dropLast(2))
    }

    static func isSupported(version: String) -> Bool {
        versionNumber(version).map((oldestVersion...newestVersion).contains) ?? false
    }

    /// `GET /services/data/`: every supported version up to `newest`, oldest first.
    static func versions(newest: Int = newestVersion) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginArray()
        for number in oldestVersion...max(oldestVersion, min(newest, newestVersion)) {
            writer.beginObject()
            writer.pair("label", releaseLabel(number))
            writer.pair("url", "/services/data/v\(number).0")
            writer.pair("version", "\(number).0")
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }

    /// The season and year of an API version (v31.0 was Summer '14; three releases a year).
    static func releaseLabel(_ number: Int) -> String {
        let seasons = ["Summer", "Winter", "Spring"]
        let steps = number - 31
        let season = seasons[steps % 3]
        // Winter releases carry the next year's name.
        let yearOffset = (steps + 2) / 3
        let year = 14 + yearOffset
        return season + " '" + String(year)
    }

    static func resources(version: String) -> [UInt8] {
        // Only what this org serves, so that a client following the map never meets a 404.
        let names = ["sobjects", "query", "queryAll", "limits"]
        var writer = JSONWriter()
        writer.beginObject()
        for name in names {
            writer.pair(name, "/services/data/" + version + "/" + name)
        }
        writer.endObject()
        return writer.bytes
    }

    static func describeGlobal(version: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("encoding", "UTF-8")
        writer.pair("maxBatchSize", 200)
        writer.key("sobjects")
        writer.beginArray()
        for object in SObjectType.allCases {
            writeObjectSummary(object, version: version, into: &writer)
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    static func basicInfo(_ object: SObjectType, version: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("objectDescribe")
        writeObjectSummary(object, version: version, into: &writer)
        writer.key("recentItems")
        writer.beginArray()
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// A picklist's values as the describe lists them: those the seed draws from.
    private static func picklistValues(_ object: SObjectType, _ field: FieldSpec) -> [String] {
        guard field.type == .picklist else { return [] }
        switch (object, field.name) {
        case (.account, "Industry"): return SeedPools.industries
        case (.supportCase, "Status"): return SeedPools.caseStatuses
        default: return []
        }
    }

    static func describe(_ object: SObjectType, version: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 8192)
        writer.beginObject()
        writeObjectProperties(object, version: version, into: &writer)
        writer.key("fields")
        writer.beginArray()
        for field in object.fields {
            writer.beginObject()
            writer.pair("name", field.name)
            writer.pair("type", field.type.rawValue)
            writer.pair("label", field.label)
            writer.pair("length", field.length)
            writer.pair("digits", field.type == .int ? field.type.digits : 0)
            writer.pair("precision", field.type == .currency ? field.type.digits : 0)
            writer.pair("scale", 0)
            writer.pair("nillable", field.nillable)
            // What the org fills in when a create leaves it out: the owner (the caller), a checkbox
            // (false), and the audit fields, as a real org's describe says.
            writer.pair(
                "defaultedOnCreate",
                field.type == .boolean
                    || [
                        "OwnerId", "CreatedDate", "CreatedById", "LastModifiedDate",
                        "LastModifiedById", "SystemModstamp",
                    ].contains(field.name))
            writer.pair("createable", field.createable)
            writer.pair("updateable", field.updateable)
            writer.pair("filterable", field.type.isFilterable)
            writer.pair("sortable", field.type.isSortable)
            writer.key("referenceTo")
            writer.beginArray()
            if let target = field.referenceTo { writer.string(target.name) }
            writer.endArray()
            writer.key("relationshipName")
            if let relationship = field.relationshipName { writer.string(relationship) } else { writer.null() }
            writer.key("picklistValues")
            writer.beginArray()
            for value in picklistValues(object, field) {
                writer.beginObject()
                writer.pair("active", true)
                writer.pair("defaultValue", false)
                writer.pair("label", value)
                writer.key("validFor")
                writer.null()
                writer.pair("value", value)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.key("childRelationships")
        writer.beginArray()
        for relationship in object.childRelationships {
            writer.beginObject()
            writer.pair("cascadeDelete", relationship.cascadeDelete)
            writer.pair("childSObject", relationship.childObjectName)
            writer.pair("deprecatedAndHidden", false)
            writer.pair("field", relationship.field)
            writer.key("junctionIdListNames")
            writer.beginArray()
            writer.endArray()
            writer.key("junctionReferenceTo")
            writer.beginArray()
            writer.endArray()
            writer.pair("relationshipName", relationship.relationshipName)
            writer.pair("restrictedDelete", relationship.restrictedDelete)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    private static func writeObjectSummary(_ object: SObjectType, version: String, into writer: inout JSONWriter) {
        writer.beginObject()
        writeObjectProperties(object, version: version, into: &writer)
        writer.endObject()
    }

    private static func writeObjectProperties(_ object: SObjectType, version: String, into writer: inout JSONWriter) {
        let base = "/services/data/" + version + "/sobjects/" + object.name
        let properties: [(String, Bool)] = [
            ("createable", true), ("custom", false), ("deletable", true), ("queryable", true),
            ("retrieveable", true), ("searchable", true), ("updateable", true),
        ]
        writer.pair("name", object.name)
        writer.pair("label", object.name)
        writer.pair("labelPlural", object.labelPlural)
        writer.pair("keyPrefix", object.keyPrefix)
        for (name, value) in properties {
            writer.pair(name, value)
        }
        writer.key("urls")
        writer.beginObject()
        writer.pair("sobject", base)
        writer.pair("describe", base + "/describe")
        writer.pair("rowTemplate", base + "/{ID}")
        writer.endObject()
    }
}
