#include <sqlite3.h>

/// `sqlite3_db_config` is variadic, which Swift cannot call: the two settings Homepwner
/// makes, as plain functions. Both return SQLite's result code.

/// Schema objects (triggers, views, defaults) may not call functions with side effects,
/// whoever wrote them (SQLITE_DBCONFIG_TRUSTED_SCHEMA off).
static inline int csqlite_distrust_schema(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
}

/// Refuses writes that could corrupt the file on purpose: writable_schema, direct writes to
/// the schema table (SQLITE_DBCONFIG_DEFENSIVE on).
static inline int csqlite_defensive(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}
