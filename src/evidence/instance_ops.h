/* instance_ops.h -- which operations of its kind an instance of build.json
 * has: those without needs always, a key exchange's pass3 only when its
 * sizes (the KAT log's) say three passes or more.  Part of ngcc-perf. */
#ifndef NGCC_EVIDENCE_INSTANCE_OPS_H
#define NGCC_EVIDENCE_INSTANCE_OPS_H

#include <json-c/json.h>

#include "kind.h"

/* 1 when operation OP of kind K exists for the build.json instance INST
 * (its sizes.KEY; an unknown size: only the ops without needs), else 0. */
int instance_op_exists(json_object *inst, const struct kind *k, int op);

#endif
