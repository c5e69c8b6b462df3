extension Alert {
    /// The one alert of a bulk delete's refusals: a line per contact with the server's message.
    static func cannotDeleteMany(_ refusals: [String], batch: Int) -> Alert {
        var alert = Alert(
            title: "Cannot delete item",
            message: refusals.count == 1 ? "1 contact was not deleted:" : "\(refusals.count) contacts were not deleted:"
        )
        alert.details = refusals
        alert.batch = batch
        return alert
    }

    /// The alert of a bulk delete that got no answer, when reading the records back failed too.
    static func bulkDeleteOutcomeUnknown(names: [String]) -> Alert {
        var alert = Alert(
            title: "Delete outcome unknown",
            message: "The server did not answer and these contacts could not be read back; "
                + "they may have been deleted. Press r to see the list as the server has it.")
        alert.details = names
        return alert
    }
}
