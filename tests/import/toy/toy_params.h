/* toy_params.h -- the toy's constants, and the fixture switches that make
 * an instance depend on its submitters' build files:
 *   TOY_NEEDS_COMPAT: TOY_BYTES exists only under -DTOYBW_INTERNAL_COMPAT
 *     (as BW-KEM's constants, set in its own Makefile's CPPFLAGS);
 *   TOY_NEEDS_MODE: TOYW_MODE must equal TOY_TWEAK (as Weaver's
 *     WEAVER_MODE, set in its CMakeLists.txt). */
#ifndef TOY_PARAMS_H
#define TOY_PARAMS_H

#if !defined(TOY_NEEDS_COMPAT) || defined(TOYBW_INTERNAL_COMPAT)
#define TOY_BYTES 32
#endif

#if defined(TOY_NEEDS_MODE) && (!defined(TOYW_MODE) || TOYW_MODE != TOY_TWEAK)
#error "TOYW_MODE is not set to this instance's mode (its CMakeLists.txt sets it)"
#endif

#endif
