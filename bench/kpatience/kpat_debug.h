// Stand-in for KPatience's generated kpat_debug.h, which declares its logging
// category (and so brings in Qt's basic types, which memory.cpp uses). The
// solver's debug output is commented out, so the category is never defined.
#ifndef KPATIENCE_SHIM_KPAT_DEBUG_H
#define KPATIENCE_SHIM_KPAT_DEBUG_H

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(KPAT_LOG)

#endif
