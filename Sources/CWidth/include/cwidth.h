#ifndef CWIDTH_H
#define CWIDTH_H

/// Column width of one Unicode scalar in the current locale (-1 if not printable).
int cwidth_scalar(unsigned int scalar);

/// Switches LC_CTYPE to the environment's locale, or to C.UTF-8 if that is not UTF-8.
/// Returns 1 if a UTF-8 locale is in effect afterwards.
int cwidth_setup_locale(void);

#endif
