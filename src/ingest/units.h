/* units.h: numbers that other tools write in other units than gemmscope's
 * (ms, s, ns where the table holds µs).  Multiplying the parsed number by
 * 1e3 gives 45.199999999999996 µs for "0.0452" ms; moving the decimal
 * exponent in the text and parsing once gives the correctly rounded
 * 45.2, the number the tool meant. */
#ifndef GS_UNITS_H
#define GS_UNITS_H

/* gs_number_e10: the number in cell S times 10^E10 (|E10| <= 30) into
 * *OUT, correctly rounded (strtod of S with the exponent moved) when S
 * is a plain decimal, else the product.  Blanks around S allowed; "nan"
 * and "inf" pass through.  Returns 0, or -1 when S is not a number (*OUT
 * untouched). */
int gs_number_e10(const char *s, int e10, double *out);

#endif
