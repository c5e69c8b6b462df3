extension ContactListModel {
    /// The words for the list's records in the app's sentences: the describe's labels once read,
    /// else made from the query's object.
    public var noun: ObjectNoun {
        objectFields[run.searchedObject]?.noun ?? ObjectNoun(objectType: run.searchedObject)
    }
}
