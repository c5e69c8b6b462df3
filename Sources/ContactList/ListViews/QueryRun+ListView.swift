extension QueryRun {
    /// The run of an org's list view: its SOQL (or, for a view read through its results, the SOQL
    /// that names its rows), shown under its label, with its columns and its sort.
    init(listView view: ListViewChoice, batchSize: Int) {
        self.init(query: view.query ?? view.describingQuery, batchSize: batchSize)
        listView = view
        title = view.label
        columns = view.columns
        querySort = view.sort
    }

    /// The view shown when only its results resource reads it; nil for a query.
    var resultsView: ListViewChoice? {
        guard let listView, listView.isReadThroughResults else { return nil }
        return listView
    }
}
