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
        // Changes queued offline: the replica's LastModifiedDate each is conditioned on, and the
        // queue read by state at every start.
        migrator.registerMigration("3 outbox queued changes") { db in
            try db.execute(sql: "ALTER TABLE outbox ADD COLUMN lastModifiedDate TEXT")
            try db.execute(sql: "CREATE INDEX outbox_state ON outbox (state)")
        }
        // Every read takes the whole outbox, oldest first (a start, `cache`): the state index
        // served none, and only cost each write.
        migrator.registerMigration("4 outbox without the state index") { db in
            try db.execute(sql: "DROP INDEX IF EXISTS outbox_state")
        }
        return migrator
    }
}
