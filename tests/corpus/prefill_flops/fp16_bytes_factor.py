# mistake: multiplies by 2 twice, once for the multiply-add and once "for the 2 bytes of fp16"
# fails: prefill_flops, prefill_seconds
# expect: bytes per parameter have nothing to do with FLOPs: 2 · N · P, without a factor for the number format
# diagnosis: flops.bytes-factor, seconds.flops-carried-forward


def prefill_flops(N, P):
    bytes_per_param = 2  # fp16
    return 2 * N * P * bytes_per_param
