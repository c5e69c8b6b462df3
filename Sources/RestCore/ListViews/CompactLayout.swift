/// An object's primary compact layout (`describe/compactLayouts/primary`): the fields that name a
/// record, in order.
public struct CompactLayout: Sendable, Decodable {
    /// One field of the layout.
    public struct FieldItem: Sendable, Decodable, Hashable {
        public struct Component: Sendable, Decodable, Hashable {
            /// `Field` for a field.
            public var type: String
            /// The field's API name.
            public var value: String?

            public init(type: String, value: String?) {
                self.type = type
                self.value = value
            }
        }

        public var label: String
        public var layoutComponents: [Component]

        public init(label: String, layoutComponents: [Component]) {
            self.label = label
            self.layoutComponents = layoutComponents
        }
    }

    public var fieldItems: [FieldItem]
    public var label: String?
    public var objectType: String?

    public init(fieldItems: [FieldItem], label: String? = nil, objectType: String? = nil) {
        self.fieldItems = fieldItems
        self.label = label
        self.objectType = objectType
    }

    /// The API names of the layout's fields, in order, each once.
    public var fieldNames: [String] {
        var seen = Set<String>()
        return fieldItems.flatMap(\.layoutComponents).filter { $0.type == "Field" }.compactMap(\.value)
            .filter { seen.insert($0.lowercased()).inserted }
    }

    public static func decode(_ response: RestResponse) throws(RestClientError) -> CompactLayout {
        try response.decode(CompactLayout.self)
    }
}
