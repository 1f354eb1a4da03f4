/// The items database's schema and its migrations (`PRAGMA user_version`).
///
/// Version 1 was the first layout: the book's array index as `ordering` (0, 1, 2, …, so a
/// move rewrote every row between the two positions), dates as REAL seconds, no photos.
///
/// Version 2: the layout below without `provisional` and `notes`.
///
/// Version 3: the layout below without `notes`.
///
/// Version 4: the layout below without `session`.
///
/// Version 5: the layout below without `items_provisional`.
///
/// Version 6 (current):
///
///     items(item_key       TEXT PRIMARY KEY,  -- lowercase UUID, checked
///           name           TEXT,
///           serial_number  TEXT,
///           value_in_dollars INTEGER,         -- whole, >= 0, checked
///           date_created   INTEGER,           -- milliseconds since 1970, UTC
///           ordering       INTEGER,           -- gapped: see ItemStore's ordering rule
///           has_photo      INTEGER,           -- 0 or 1
///           provisional    INTEGER,           -- 0, or the pid of the process whose
///                                             -- New Item screen created it (until Done)
///           notes          TEXT,              -- any number of lines, '' for none; text, checked
///           session        TEXT)              -- a provisional item's session (rule H18), '' for
///                                             -- none (made before version 5) or a kept item
///     index items_by_ordering(ordering, item_key)
///     index items_provisional(session, ordering, item_key) WHERE provisional != 0
///
/// Version 3 marks blank items (no name, no serial, $0, no photo) provisional with an
/// owner that is no process (2³¹): before version 3 every new item was written blank at
/// Add and only filled in by Done, so a blank row is a New Item screen's item, or one
/// left over when the app died on that screen. A restored New Item screen claims its
/// own; the others are deleted at launch.
///
/// Version 4 adds `notes`, empty for every item there was: nothing else changes, so a
/// version 3 file's rows, order and provisional marks stay as they were.
///
/// Version 5 adds `session`: a New Item screen's item belongs to its session, not to its
/// process, so that no other session's launch deletes it and no other window lists it.
/// Items made before keep '' and are claimed by the New Item screen that comes back.
///
/// Version 6 adds `items_provisional`, an index of the few unfinished new items only: the
/// list's count and an item's row are then the table's count (which SQLite takes from its
/// pages without reading rows) and a walk of `items_by_ordering` alone, less the other
/// sessions' unfinished items found in this small index (rule P2).
///
/// Each migration runs in its own transaction together with its `user_version` bump, so a
/// crash leaves the file at the old version or the new one, never between. A fresh file
/// runs every migration from version 0.
enum Schema {
    /// The version this build writes and reads.
    static let currentVersion = 6

    /// `PRAGMA application_id`: "HPWN", so that `file` and Homepwner recognise the file.
    static let applicationID: Int32 = 0x4850_574E

    /// The migration from `version - 1` to `version`. Each script ends by setting
    /// `user_version`; the pragma takes no parameters, and these are source constants.
    static func migration(to version: Int) -> StaticString? {
        switch version {
        case 1: version1
        case 2: version2
        case 3: version3
        case 4: version4
        case 5: version5
        case 6: version6
        default: nil
        }
    }

    private static let version1: StaticString = """
        PRAGMA application_id = 1213224782;
        CREATE TABLE items (
            item_key TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            serial_number TEXT NOT NULL,
            value_in_dollars INTEGER NOT NULL,
            date_created REAL NOT NULL,
            ordering INTEGER NOT NULL
        );
        PRAGMA user_version = 1;
        """

    private static let version2: StaticString = """
        CREATE TABLE items_v2 (
            item_key TEXT PRIMARY KEY NOT NULL CHECK (item_key GLOB
                '[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
            name TEXT NOT NULL,
            serial_number TEXT NOT NULL,
            value_in_dollars INTEGER NOT NULL
                CHECK (typeof(value_in_dollars) = 'integer' AND value_in_dollars >= 0),
            date_created INTEGER NOT NULL CHECK (typeof(date_created) = 'integer'),
            ordering INTEGER NOT NULL CHECK (typeof(ordering) = 'integer'),
            has_photo INTEGER NOT NULL DEFAULT 0 CHECK (has_photo IN (0, 1))
        );
        INSERT INTO items_v2 (item_key, name, serial_number, value_in_dollars, date_created, ordering)
            SELECT lower(item_key), name, serial_number, max(CAST(value_in_dollars AS INTEGER), 0),
                CAST(round(date_created * 1000) AS INTEGER),
                row_number() OVER (ORDER BY ordering, rowid) * 4294967296
            FROM items;
        DROP TABLE items;
        ALTER TABLE items_v2 RENAME TO items;
        CREATE INDEX items_by_ordering ON items (ordering, item_key);
        PRAGMA application_id = 1213224782;
        PRAGMA user_version = 2;
        """

    private static let version3: StaticString = """
        ALTER TABLE items ADD COLUMN provisional INTEGER NOT NULL DEFAULT 0
            CHECK (typeof(provisional) = 'integer' AND provisional >= 0);
        UPDATE items SET provisional = 2147483648
            WHERE name = '' AND serial_number = '' AND value_in_dollars = 0 AND has_photo = 0;
        PRAGMA user_version = 3;
        """

    private static let version4: StaticString = """
        ALTER TABLE items ADD COLUMN notes TEXT NOT NULL DEFAULT '' CHECK (typeof(notes) = 'text');
        PRAGMA user_version = 4;
        """

    private static let version5: StaticString = """
        ALTER TABLE items ADD COLUMN session TEXT NOT NULL DEFAULT '' CHECK (typeof(session) = 'text');
        PRAGMA user_version = 5;
        """

    private static let version6: StaticString = """
        CREATE INDEX items_provisional ON items (session, ordering, item_key) WHERE provisional != 0;
        PRAGMA user_version = 6;
        """
}
