#ifndef SYSTEM_ICU_H
#define SYSTEM_ICU_H

/* ICU's C API (libicu-dev on Debian and Ubuntu, icu4c from Homebrew); CICU includes the
   headers it wraps. */
#include <unicode/utypes.h>

#endif
