import GRDB

extension OutboxStore {
    /// The outbox schema's history, oldest first; a released migration never changes.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1 outbox") { db in
            try db.execute(
                sql: """
                    CREATE TABLE outbox (
                        requestID TEXT PRIMARY KEY NOT NULL,
                        kind TEXT NOT NULL,
                        objectType TEXT NOT NULL,
                        recordID TEXT,
                        payload TEXT NOT NULL,
                        state TEXT NOT NULL,
                        createdAt REAL NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("2 outbox process") { db in
            try db.execute(sql: "ALTER TABLE outbox ADD COLUMN processID INTEGER NOT NULL DEFAULT 0")
        }
        return migrator
    }
}
