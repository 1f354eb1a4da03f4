#define _XOPEN_SOURCE 700
#include "cwidth.h"
#include <langinfo.h>
#include <locale.h>
#include <string.h>
#include <wchar.h>

int cwidth_scalar(unsigned int scalar) {
    return wcwidth((wchar_t)scalar);
}

int cwidth_setup_locale(void) {
    setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && strcmp(codeset, "UTF-8") == 0) {
        return 1;
    }
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) {
        return 0;
    }
    codeset = nl_langinfo(CODESET);
    return codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}
