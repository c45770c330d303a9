#!/usr/bin/env python3
# make-data.py -- writes the hand-made hash evidence of hashpages.test
# (report/hash/data/hash_1: toy-hash's two instances and the refhash
# yardsticks SM3, SHA3-256, SHA3-512; mixh_1: report/sig/data/mix_1's
# ML-KEM-512 and toy-sig with TOYHASH-256 and SM3) from the shapes of
# report/sig/data/sig_1.  Part of ngcc-perf.  Run from the package's top
# directory: python3 tests/report/hash/make-data.py; review the pages'
# difference before replacing report/hash/expected/.
import copy, hashlib, json, os, shutil, statistics

TOP = os.getcwd()
SIG = os.path.join(TOP, "tests/report/sig/data")
OUT = os.path.join(TOP, "tests/report/hash/data")
SIZES = [32, 128, 512, 1024, 4096, 8192, 16384, 65536]
HZ = 2596170021.149552
# instance: (id, algorithm, digest bits, overhead cycles, cycles per byte)
INST = {
    "TOYHASH-256": ("toy-hash", "Toy hash fixture", 256, 310.0, 3.1),
    "TOYHASH-512": ("toy-hash", "Toy hash fixture", 512, 420.0, 5.9),
    "SM3": ("refhash", "SM3 and SHA-3", 256, 900.0, 11.5),
    "SHA3-256": ("refhash", "SM3 and SHA-3", 256, 1100.0, 9.8),
    "SHA3-512": ("refhash", "SM3 and SHA-3", 512, 1150.0, 18.4),
}


def load(p):
    with open(p) as f:
        return json.load(f)


def dump(p, obj):
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        json.dump(obj, f, indent=2, ensure_ascii=False)
        f.write("\n")


def sha(p):
    with open(p, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def write(p, text):
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        f.write(text)


def instance_info(label):
    id_, alg, bits, _, _ = INST[label]
    return {"abi": 2, "id": id_, "type": "hash", "algorithm": alg, "instance": label,
            "algorithm_instance": label.replace("-", ""), "variant": "reference",
            "source_dir": ".", "compiler": "gcc (Debian 12.2.0-14+deb12u1) 12.2.0",
            "flags": "-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -D_GNU_SOURCE",
            "flags_class": "guide", "flags_reason": "", "blank_test_vectors": False,
            "digest_len": bits // 8}


def record(system, label, n, tmpl, k):
    id_, alg, bits, ovh, cpb = INST[label]
    r = copy.deepcopy(tmpl)
    op = "hash_%d" % n
    lib = "schemes/%s/.libs/%s.so" % (id_, label)
    mean = ovh + cpb * n
    iters = max(100, min(20000, int(0.01 * HZ / mean)))
    trials = []
    for t in range(5):
        jit = 1.0 + 0.004 * ((t * 7 + k * 3 + n % 11) % 5 - 2)
        ticks = int(round(iters * mean * jit))
        secs = ticks / HZ
        trials.append({"slot": t + 1, "attempt": 1, "process": t, "state": "kept", "reason": "",
                       "calls": iters, "ticks": ticks, "seconds": round(secs, 9),
                       "cpu_seconds": round(secs * 1.001, 9)})
    n_calls = iters * 5
    st = sum(x["ticks"] for x in trials)
    ss = sum(x["seconds"] for x in trials)
    tm = [x["ticks"] / iters for x in trials]
    sm = [x["seconds"] / iters for x in trials]
    r.update({"op": op, "id": id_, "label": label,
              "command": ["src/ngcc-bench", "run-many", "-q", "--root", ".", "--quick", "#", op,
                          "data/%s/records/%s/%s__%s.json" % (system, id_, label, op), lib]})
    r["library"] = {"path": lib, "sha256": hashlib.sha256(lib.encode()).hexdigest(), "elf_class": 64,
                    "static_bytes": 17000 + bits * 4}
    r["instance"] = instance_info(label)
    r["sizes"] = {"digest": bits // 8, "basis": "the getter, via ngcc_instance_info"}
    r["inputs"]["setup"] = ("%s: the %d-byte message msg[i] = i*131 + %d (mod 256), nothing else; every timed "
                            "call hashes it at the instance's own digest length (DIGEST_BIT_LENGTH)" % (op, n, n))
    r["plan"].update({"t1_s": mean / HZ, "iters": iters, "estimate_s": 5 * iters * mean / HZ})
    r["trials"] = trials
    r["reruns"] = {"disturbed": 0, "outlier": 0, "total": 0, "stopped": "", "seconds": 0.0, "noisy": False}
    r["stats"] = {"trials": 5, "n": n_calls, "sum_ticks": st, "sum_seconds": ss,
                  "mean_ticks": st / n_calls, "mean_seconds": ss / n_calls, "ops_per_second": n_calls / ss,
                  "trial_mean_ticks": {"median": statistics.median(tm), "min": min(tm), "max": max(tm),
                                       "spread": (max(tm) - min(tm)) / statistics.median(tm)},
                  "trial_mean_seconds": {"median": statistics.median(sm), "min": min(sm), "max": max(sm),
                                         "spread": (max(sm) - min(sm)) / statistics.median(sm)}}
    pc = r["per_call"]
    p10 = round(mean * 0.97)
    pc["timing"] = "blocks" if n <= 512 else "calls"
    pc.update({"min": round(mean * 0.95), "p10": p10, "p50": round(mean * 0.99), "p90": round(mean * 1.04),
               "max": round(mean * 3.1), "robust_ticks": float(p10),
               "mean_ci95": {"lo": mean * 0.99, "hi": mean * 1.01, "method": pc["mean_ci95"]["method"]},
               "mean_ratio": (st / n_calls) / pc["reference"]["mean_ticks"],
               "robust_ratio": p10 / pc["reference"]["p10_ticks"]})
    r.pop("op_counters", None)
    for t in r["trials"]:
        t.pop("op_counters", None)
    m = r["memory"]
    m.update({"static_bytes": 17000 + bits * 4, "baseline_rss_bytes": 2187264,
              "peak_rss_bytes": 2187264 + (n // 4096) * 4096 + 16384, "stack_bytes": 400 + bits,
              "heap_allocated_bytes": 0, "heap_allocations": 0, "heap_peak_bytes": 0, "heap_leaked_bytes": 0})
    r["environment"]["problems"] = ["cycle_counter", "hypervisor"]
    r.pop("disturbed_kept", None)
    return r


def profile(system, label, n, tmpl):
    id_ = INST[label][0]
    p = copy.deepcopy(tmpl)
    op = "hash_%d" % n
    lib = "schemes/%s/.libs/%s.profile.so" % (id_, label)
    total = int(INST[label][3] + INST[label][4] * n) * 1000
    p.update({"id": id_, "label": label, "op": op, "instance": instance_info(label),
              "command": ["src/ngcc-profile", "run", "-q", "--op", op, "--out",
                          "data/%s/profile/%s/%s__%s.json" % (system, id_, label, op), lib],
              "library": {"path": lib, "sha256": hashlib.sha256((lib + "p").encode()).hexdigest()},
              "hash_functions": [], "ops": 1000, "total_ticks": total, "ticks_per_op": total / 1000,
              "calls": [], "hash_share": 0.0, "drng_share": 0.0, "wrapped_share": 0.0, "overhead_share": 0.0,
              "files": [{"path": lib, "sha256": "0" * 64, "role": "library"}]})
    p["functions"] = {f: {"calls": 0, "ticks": 0, "calls_per_op": 0.0, "share": 0.0} for f in p["functions"]}
    p["process"]["argv"] = ["src/ngcc-profile", "work", "--op", op, lib]
    return p


def kat_log(system, label):
    id_, alg, bits, _, _ = INST[label]
    t = ("driver: ngcc-kat (ngcc-perf) 0.1.0\nlibrary: schemes/%s/.libs/%s.so\nid: %s\ntype: hash\nalgorithm: %s\n"
         "instance: %s\nalgorithm_instance: %s\nvariant: reference\ndigest_len: %d\n"
         "limits: timeout 20 s (--quick), memory 4096 MiB\n"
         "kat_file: KAT_2_12_%s.txt\ndigest: %s strict, 4097 records\n"
         % (id_, label, id_, alg, label, label.replace("-", ""), bits // 8, label.replace("-", ""),
            hashlib.sha256(label.encode()).hexdigest()))
    if label == "TOYHASH-512":
        t += "functional: 6 output lengths tried: 128, 256 and 512 bits honoured; 224, 384 and 100 bits refused (in 0.000031 s)\n"
    if id_ == "refhash":
        t += "functional: 6 output lengths tried: only the instance's own %d bits honoured (in 0.000020 s)\n" % bits
    return t + "RESULT %s %s PASS\n" % (id_, label)


def build_entry(system, label, tmpl):
    id_, alg, bits, _, _ = INST[label]
    e = copy.deepcopy(tmpl)
    e.update({"id": id_, "label": label, "type": "hash", "algorithm": alg,
              "algorithm_instance": label.replace("-", ""),
              "flags": "-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -D_GNU_SOURCE",
              "library": {"path": "schemes/%s/.libs/%s.so" % (id_, label), "sha256": "0" * 64,
                          "static_bytes": 17000 + bits * 4},
              "profile_library": {"path": "schemes/%s/.libs/%s.profile.so" % (id_, label), "sha256": "0" * 64},
              "sizes": {"digest": bits // 8, "basis": "API getters"},
              "description": "schemes/%s/scheme.conf" % id_})
    blog = "data/%s/build/%s/%s.log" % (system, id_, label)
    write(os.path.join(OUT, system, "build", id_, label + ".log"), "built %s with the guide's flags\n" % label)
    e["build"]["log"] = {"path": blog, "sha256": sha(os.path.join(OUT, system, "build", id_, label + ".log"))}
    klog = "data/%s/kat/%s/%s.log" % (system, id_, label)
    kp = os.path.join(OUT, system, "kat", id_, label + ".log")
    write(kp, kat_log(system, label))
    e["kat"] = {"status": "PASS", "reason": "",
                "manifest": "tests/fixtures/toy-hash/kat.sha256" if id_ == "toy-hash" else "kat/refhash/kat.sha256",
                "reference": None, "log": {"path": klog, "sha256": sha(kp)}}
    if label == "TOYHASH-512":
        e["survey"] = "ICCS + AES: AES S-box in the built library"
    return e


def system(name, labels, base, profiled):
    sig = os.path.join(SIG, "sig_1")
    rec_t = load(os.path.join(sig, "records/toy-sig/TOYSIG-1__sign.json"))
    pro_t = load(os.path.join(sig, "profile/toy-sig/TOYSIG-1__sign.json"))
    bj = load(os.path.join(sig, "build.json"))
    tmpl = bj["instances"][1]
    if base:
        shutil.copytree(os.path.join(SIG, base), os.path.join(OUT, name))
        bj = load(os.path.join(OUT, name, "build.json"))
    else:
        bj["instances"] = []
        os.makedirs(os.path.join(OUT, name))
        shutil.copy(os.path.join(sig, "campaign.json"), os.path.join(OUT, name, "campaign.json"))
    bj["system"] = name
    for k, label in enumerate(labels):
        bj["instances"].append(build_entry(name, label, tmpl))
        id_ = INST[label][0]
        for n in SIZES:
            op = "hash_%d" % n
            r = record(name, label, n, rec_t, k)
            for key in ("command",):
                r[key] = [c.replace("sig_1", name) for c in r[key]]
            dump(os.path.join(OUT, name, "records", id_, "%s__%s.json" % (label, op)), r)
            if id_ in profiled:
                dump(os.path.join(OUT, name, "profile", id_, "%s__%s.json" % (label, op)), profile(name, label, n, pro_t))
    for e in bj["instances"]:
        for part in ("build", "kat"):
            e[part]["log"]["path"] = e[part]["log"]["path"].replace("data/%s/" % (base or "sig_1"), "data/%s/" % name)
    dump(os.path.join(OUT, name, "build.json"), bj)
    c = load(os.path.join(OUT, name, "campaign.json"))
    c["system"] = name
    c["commands"] = [x.replace("sig_1", name).replace("mix_1", name) for x in c["commands"]]
    nrec = sum(len(SIZES) for _ in labels)
    c["records"]["planned"] += nrec if base else nrec - c["records"]["planned"]
    c["records"]["ok"] = c["records"]["planned"]
    c["records"]["instances"] = len(bj["instances"])
    for run in c.get("runs", []):
        run["schemes"] = sorted(set(e["id"] for e in bj["instances"]))
    dump(os.path.join(OUT, name, "campaign.json"), c)


shutil.rmtree(OUT, ignore_errors=True)
system("hash_1", ["TOYHASH-256", "TOYHASH-512", "SM3", "SHA3-256", "SHA3-512"], None, ["toy-hash"])
system("mixh_1", ["TOYHASH-256", "SM3"], "mix_1", ["toy-hash"])
