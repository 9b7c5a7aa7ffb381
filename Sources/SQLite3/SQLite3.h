// The system's SQLite header, wrapped by module.modulemap.
#include <sqlite3.h>
