import GRDB

extension ReplicaStore {
    /// The schema's history, oldest first. A migration, once released, never changes: a new one
    /// is added below it (and `user_version`, the count of them, marks files from newer builds).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1 list rows") { db in
            try db.execute(
                sql: """
                    CREATE TABLE listRow (
                        listKey TEXT NOT NULL,
                        id TEXT NOT NULL,
                        fields TEXT NOT NULL,
                        lastModifiedDate TEXT,
                        systemModstamp TEXT,
                        position INTEGER NOT NULL,
                        PRIMARY KEY (listKey, id)
                    ) WITHOUT ROWID;
                    CREATE INDEX listRowPosition ON listRow (listKey, position);
                    """)
        }
        migrator.registerMigration("2 list sync state") { db in
            try db.execute(
                sql: """
                    CREATE TABLE listSync (
                        listKey TEXT PRIMARY KEY NOT NULL,
                        lastSystemModstamp TEXT,
                        syncedAt REAL NOT NULL
                    );
                    INSERT INTO listSync (listKey, lastSystemModstamp, syncedAt)
                        SELECT listKey, MAX(systemModstamp), 0 FROM listRow GROUP BY listKey;
                    """)
        }
        migrator.registerMigration("3 whole lists") { db in
            // Lists kept before were never known whole: each loads in full once more.
            try db.execute(sql: "ALTER TABLE listSync ADD COLUMN isComplete INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("4 ready rows") { db in
            // Each row's ready bytes in a table of their own, in the list's order: a start reads
            // them in one pass of small rows, where listRow's rows hold the JSON too. Triggers keep
            // it row for row with listRow (a row deleted or moved there is here too). Rows kept
            // before have none: their lists are read from their JSON once more and load in full
            // once more (a sync writes only the rows it changed), which keeps every row ready.
            try db.execute(
                sql: """
                    CREATE TABLE readyRow (
                        listKey TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        id TEXT NOT NULL,
                        ready BLOB NOT NULL,
                        PRIMARY KEY (listKey, position, id)
                    ) WITHOUT ROWID;
                    CREATE TRIGGER listRowDeleted AFTER DELETE ON listRow BEGIN
                        DELETE FROM readyRow
                        WHERE listKey = old.listKey AND position = old.position AND id = old.id;
                    END;
                    CREATE TRIGGER listRowMoved AFTER UPDATE OF position ON listRow BEGIN
                        UPDATE readyRow SET position = new.position
                        WHERE listKey = old.listKey AND position = old.position AND id = old.id;
                    END;
                    ALTER TABLE listSync ADD COLUMN readyFormat TEXT;
                    UPDATE listSync SET isComplete = 0;
                    """)
        }
        migrator.registerMigration("5 ready snapshots") { db in
            // Each whole list's ready rows again, in parts of many rows each: a start reads a
            // handful of large values instead of 100,000 small rows. Any change to a list's rows
            // drops its snapshot (the triggers), which is written again after its next sync. Every
            // part of one snapshot carries its generation, so that parts read one by one while
            // another process writes a new snapshot are never mixed.
            try db.execute(
                sql: """
                    CREATE TABLE readySnapshot (
                        listKey TEXT NOT NULL,
                        part INTEGER NOT NULL,
                        readyFormat TEXT NOT NULL,
                        generation TEXT NOT NULL,
                        rowCount INTEGER NOT NULL,
                        bytes BLOB NOT NULL,
                        PRIMARY KEY (listKey, part)
                    ) WITHOUT ROWID;
                    CREATE TRIGGER listRowAddedDropsSnapshot AFTER INSERT ON listRow BEGIN
                        DELETE FROM readySnapshot WHERE listKey = new.listKey;
                    END;
                    CREATE TRIGGER listRowDeletedDropsSnapshot AFTER DELETE ON listRow BEGIN
                        DELETE FROM readySnapshot WHERE listKey = old.listKey;
                    END;
                    CREATE TRIGGER listRowChangedDropsSnapshot AFTER UPDATE ON listRow BEGIN
                        DELETE FROM readySnapshot WHERE listKey = old.listKey OR listKey = new.listKey;
                    END;
                    CREATE TRIGGER readyRowAddedDropsSnapshot AFTER INSERT ON readyRow BEGIN
                        DELETE FROM readySnapshot WHERE listKey = new.listKey;
                    END;
                    CREATE TRIGGER readyRowChangedDropsSnapshot AFTER UPDATE ON readyRow BEGIN
                        DELETE FROM readySnapshot WHERE listKey = old.listKey OR listKey = new.listKey;
                    END;
                    CREATE TRIGGER listSyncDeletedDropsSnapshot AFTER DELETE ON listSync BEGIN
                        DELETE FROM readySnapshot WHERE listKey = old.listKey;
                    END;
                    """)
        }
        migrator.registerMigration("6 snapshot parts by rowid") { db in
            // A table WITHOUT ROWID keeps each whole row in its key's b-tree, and a search of it
            // compares keys row by row, reading each part's whole 1.5 MB on the way: a start's
            // question for the snapshot's size read every part (5,000 pages, 10 ms). By rowid,
            // with its key in an index, only the part asked for is read. The snapshots are a
            // cache: they are dropped here and written again after each list's next sync.
            try db.execute(
                sql: """
                    DROP TABLE readySnapshot;
                    CREATE TABLE readySnapshot (
                        listKey TEXT NOT NULL,
                        part INTEGER NOT NULL,
                        readyFormat TEXT NOT NULL,
                        generation TEXT NOT NULL,
                        rowCount INTEGER NOT NULL,
                        bytes BLOB NOT NULL,
                        UNIQUE (listKey, part)
                    );
                    """)
        }
        return migrator
    }
}
