#!/usr/bin/env python3
"""Reference streams of createRng(seed), from an independent Python implementation of the
published algorithms (splitmix32 seeding, xoshiro128** of Blackman & Vigna), to pin the
TypeScript 32-bit integer arithmetic. Writes test/fixtures/rng-reference.json.

    python3 scripts/rng-reference.py
"""
import json
import os
import struct

M = 0xFFFFFFFF


def splitmix32(x):
    z = (x + 0x9E3779B9) & M
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) & M
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) & M
    return (z ^ (z >> 16)) & M


def rotl(x, k):
    return ((x << k) | (x >> (32 - k))) & M


class Xoshiro128:
    def __init__(self, seed):
        hi, lo = struct.unpack(">II", struct.pack(">d", float(seed)))
        k0, k1 = lo, hi
        x = splitmix32(k0 ^ splitmix32(k1))
        self.s = [x]
        x = splitmix32(x)
        self.s.append(x)
        x = splitmix32(x ^ k1)
        self.s.append(x)
        x = splitmix32(x)
        self.s.append(x)

    def next(self):
        s0, s1, s2, s3 = self.s
        result = (rotl((s1 * 5) & M, 7) * 9) & M
        t = (s1 << 9) & M
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 11)
        self.s = [s0, s1, s2, s3]
        return result

    def uniform(self):
        a = self.next() >> 5
        b = self.next() >> 6
        return (a * 67108864 + b) / 9007199254740992


streams = []
for seed in [0, 1, 42, 2026, -7, 0.5, 123456789012]:
    r = Xoshiro128(seed)
    raw = [r.next() for _ in range(8)]
    uniforms = [r.uniform() for _ in range(4)]
    streams.append({"seed": seed, "nextUint32": raw, "uniformAfter": uniforms})
out = os.path.join(os.path.dirname(__file__), "..", "test", "fixtures", "rng-reference.json")
with open(out, "w") as fh:
    json.dump({"about": "scripts/rng-reference.py: independent Python splitmix32 + xoshiro128**", "streams": streams}, fh, indent=1)
    fh.write("\n")
