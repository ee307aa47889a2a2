/* gpu.c: the built-in GPU table, name lookup and the YAML spec-file
 * parser.  Figures, kinds and sources: reference/gpu-specs.md.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "model/gpu.h"
#include "model/shape.h"

/* ---- sources -------------------------------------------------------- */

#define S_MI300 "AMD MI300 microarchitecture page (ROCm docs gpu-arch/mi300.md)"
#define S_MI350 "ROCm docs reference/gpu-arch/mi350.rst"
#define S_MI250 "ROCm docs gpu-arch/mi250.md, halved per GCD"
#define S_MI100 "ROCm docs gpu-arch/mi100.md"
#define S_SPECS "ROCm docs reference/gpu-specs.rst"
#define S_IREE "IREE KnownTargets.cpp chip table"
#define S_LLVM "LLVM AMDGPUBaseInfo.cpp"
#define S_3P_AMD "AMD product data restated by third-party spec pages"
#define S_TL_MI300 "TraceLens Agent/Analysis/utils/arch/MI300X.json (max-achievable)"
#define S_TL_MI325 "TraceLens Agent/Analysis/utils/arch/MI325X.json (max-achievable)"
#define S_TL_B200 "TraceLens branch tkarttun/node-id-graph-join fa322d3b (benchmark derived)"
#define S_ROCPROF "rocprofv3 agent record max_engine_clk_fcompute (TraceLens 908_results)"
#define S_SEED1151 "gfx1151 reference seed (Strix Halo)"
#define S_3P "third-party listing"
#define S_H100 "NVIDIA H100 datasheet via reseller page; dense table glennklockwood.com/garden/processors/h100"
#define S_H200 "third-party restatements of the NVIDIA H200 spec"
#define S_A100 "glennklockwood.com/garden/processors/A100 (NVIDIA A100 datasheet)"
#define S_B200 "NVIDIA HGX B200 table via third-party pages; glennklockwood.com/garden/processors/B200 (1000 W dense)"
#define S_B200TR "deviceProperties of TraceLens tests/traces/b200/eager_trace.json.gz"
#define S_L40S "NVIDIA L40S datasheet as reproduced by resellers"
#define S_B580 "TechPowerUp-derived listings"
#define S_XESEED "Xe GEMM optimisation record seed (f16 XMX kernel, baseline config)"
#define S_CUDA "cuda_occupancy.h / CUDA Programming Guide"

#define P(v, s) { (v), GS_FIG_PEAK, (s) }
#define P3(v, s) { (v), GS_FIG_PEAK_3P, (s) }
#define D(v, s) { (v), GS_FIG_DERIVED, (s) }
#define M(v, s) { (v), GS_FIG_MEASURED, (s) }
#define T(v, s) { (v), GS_FIG_THIRD_PARTY, (s) }

enum { MAX_ALIASES = 8 };

typedef struct gpu_entry {
	gs_gpu g;
	const char *alias[MAX_ALIASES];   /* lower-case letters and digits only */
} gpu_entry;

/* ---- the table (gpu-specs.md §1–4) ----------------------------------- */

static const gpu_entry table[] = {
	{ { .name = "MI300X", .full_name = "AMD Instinct MI300X", .arch = "gfx942",
	    .family = GS_FAM_CDNA, .cus = P(304, S_MI300),
	    .clock_ghz = D(2.1, "1307.4e12 / (2048 FLOP/clk/CU x 304 CUs)"),
	    .peak = { [GS_PK_F16] = P(1307.4, S_MI300), [GS_PK_BF16] = P(1307.4, S_MI300),
	              [GS_PK_TF32] = P(653.7, S_MI300), [GS_PK_F32] = P(163.4, S_MI300),
	              [GS_PK_F64] = P(163.4, S_MI300), [GS_PK_F8] = P(2614.9, S_MI300),
	              [GS_PK_I8] = P(2614.9, S_MI300) },
	    .meas = { [GS_PK_F16] = M(654, S_TL_MI300), [GS_PK_BF16] = M(708, S_TL_MI300),
	              [GS_PK_F32] = M(163, S_TL_MI300), [GS_PK_F64] = M(81, S_TL_MI300),
	              [GS_PK_F8] = M(1273, S_TL_MI300), [GS_PK_I8] = M(2600, S_TL_MI300) },
	    .bw_tbs = P(5.3, S_MI300 " (\"5.3 TB per second\"; IREE's 662.5 GB/s is a unit error)"),
	    .meas_bw_tbs = M(5.3, S_TL_MI300 " mem_bw_gbps 5300 (the peak value)"),
	    .lds_cu_kib = P(64, S_SPECS), .lds_wg_kib = P(64, S_SPECS),
	    .wave_size = P(64, S_SPECS), .regs = P(512, S_SPECS),
	    .max_waves_simd = P(8, S_LLVM), .simds_per_cu = 4,
	    .note = "8 XCDs x 38 CUs; workgroups are dispatched round-robin across XCDs" },
	  { "mi300x", "mi300xvf", "gfx942", "mi300", NULL } },
	{ { .name = "MI325X", .full_name = "AMD Instinct MI325X", .arch = "gfx942",
	    .family = GS_FAM_CDNA, .cus = P(304, S_SPECS),
	    .clock_ghz = D(2.1, "1307.4e12 / (2048 FLOP/clk/CU x 304 CUs)"),
	    .peak = { [GS_PK_F16] = P3(1307.4, S_3P_AMD), [GS_PK_BF16] = P3(1307.4, S_3P_AMD),
	              [GS_PK_TF32] = P3(653.7, S_3P_AMD), [GS_PK_F32] = P3(163.4, S_3P_AMD),
	              [GS_PK_F64] = P3(163.4, S_3P_AMD), [GS_PK_F8] = P3(2614.9, S_3P_AMD),
	              [GS_PK_I8] = P3(2614.9, S_3P_AMD) },
	    .meas = { [GS_PK_F16] = M(794, S_TL_MI325), [GS_PK_BF16] = M(843, S_TL_MI325),
	              [GS_PK_F32] = M(194, S_TL_MI325), [GS_PK_F64] = M(97, S_TL_MI325),
	              [GS_PK_F8] = M(1519, S_TL_MI325), [GS_PK_I8] = M(3094, S_TL_MI325) },
	    .bw_tbs = P3(6.0, S_3P_AMD " (IREE's table says 5.3)"),
	    .meas_bw_tbs = M(6.0, S_TL_MI325 " mem_bw_gbps 6000"),
	    .lds_cu_kib = P(64, S_SPECS), .lds_wg_kib = P(64, S_SPECS),
	    .wave_size = P(64, S_SPECS), .regs = P(512, S_SPECS),
	    .max_waves_simd = P(8, S_LLVM), .simds_per_cu = 4, .note = NULL },
	  { "mi325x", "mi325xvf", NULL } },
	{ { .name = "MI355X", .full_name = "AMD Instinct MI355X", .arch = "gfx950",
	    .family = GS_FAM_CDNA, .cus = P(256, S_MI350),
	    .clock_ghz = D(2.4, "2516.6e12 / (4096 FLOP/clk/CU x 256 CUs)"),
	    .peak = { [GS_PK_F16] = P(2500, S_MI350 " (2.5 PF)"), [GS_PK_BF16] = P(2500, S_MI350 " (2.5 PF)"),
	              [GS_PK_F32] = P(157.3, S_MI350), [GS_PK_F64] = P(78.6, S_MI350),
	              [GS_PK_F8] = P(5000, S_MI350), [GS_PK_I8] = P(5000, S_MI350),
	              [GS_PK_F4] = P(10000, S_MI350 " (MXFP4)") },
	    .bw_tbs = P(8.0, S_MI350),
	    .lds_cu_kib = P(160, S_MI350), .lds_wg_kib = P(160, S_MI350),
	    .wave_size = P(64, S_SPECS), .regs = P(512, S_SPECS),
	    .max_waves_simd = P(8, S_LLVM), .simds_per_cu = 4,
	    .note = "8 XCDs x 32 CUs; no TF32 in the MI350 table" },
	  { "mi355x", "gfx950", "mi355", NULL } },
	{ { .name = "MI350X", .full_name = "AMD Instinct MI350X", .arch = "gfx950",
	    .family = GS_FAM_CDNA, .cus = P(256, S_MI350),
	    .clock_ghz = M(2.2, S_ROCPROF),
	    .peak = { [GS_PK_F16] = P(2300, S_MI350 " (2.3 PF)"), [GS_PK_BF16] = P(2300, S_MI350 " (2.3 PF)"),
	              [GS_PK_F32] = P(144.2, S_MI350), [GS_PK_F64] = P(72.1, S_MI350),
	              [GS_PK_F8] = P(4600, S_MI350 " (4.6 PF)") },
	    .bw_tbs = P(8.0, S_MI350),
	    .lds_cu_kib = P(160, S_MI350), .lds_wg_kib = P(160, S_MI350),
	    .wave_size = P(64, S_SPECS), .regs = P(512, S_SPECS),
	    .max_waves_simd = P(8, S_LLVM), .simds_per_cu = 4, .note = NULL },
	  { "mi350x", "mi350", NULL } },
	{ { .name = "MI250X", .full_name = "AMD Instinct MI250X (one GCD)", .arch = "gfx90a",
	    .family = GS_FAM_CDNA, .cus = P(110, S_SPECS " (220 per OAM, 110 per GCD)"),
	    .clock_ghz = P(1.7, S_MI250),
	    .peak = { [GS_PK_F16] = D(191.5, "1024 FLOP/clk/CU x 110 CUs x 1.7 GHz (383.0 per OAM)"),
	              [GS_PK_BF16] = D(191.5, "1024 FLOP/clk/CU x 110 CUs x 1.7 GHz (383.0 per OAM)"),
	              [GS_PK_F32] = D(47.9, "95.7 TFLOP/s per OAM / 2"),
	              [GS_PK_F64] = D(47.9, "95.7 TFLOP/s per OAM / 2"),
	              [GS_PK_I8] = D(191.5, "1024 OP/clk/CU x 110 CUs x 1.7 GHz") },
	    .bw_tbs = P(1.6, S_MI250 " (3.2 TB/s per OAM)"),
	    .lds_cu_kib = P(64, S_SPECS), .lds_wg_kib = P(64, S_SPECS),
	    .wave_size = P(64, S_SPECS), .regs = P(512, S_SPECS),
	    .max_waves_simd = P(8, S_LLVM), .simds_per_cu = 4,
	    .note = "one GCD, as the runtime enumerates it; the whole OAM is 220 CUs, 383.0 TFLOP/s, 3.2 TB/s" },
	  { "mi250x", NULL } },
	{ { .name = "MI250", .full_name = "AMD Instinct MI250 (one GCD)", .arch = "gfx90a",
	    .family = GS_FAM_CDNA, .cus = P(104, S_MI250 " (208 per OAM)"),
	    .clock_ghz = P(1.7, S_MI250),
	    .peak = { [GS_PK_F16] = D(181.0, "362.1 TFLOP/s per OAM / 2"),
	              [GS_PK_BF16] = D(181.0, "362.1 TFLOP/s per OAM / 2"),
	              [GS_PK_F32] = D(45.3, "90.5 TFLOP/s per OAM / 2"),
	              [GS_PK_F64] = D(45.3, "90.5 TFLOP/s per OAM / 2"),
	              [GS_PK_I8] = D(181.0, "362.1 TOP/s per OAM / 2") },
	    .bw_tbs = P(1.6, S_MI250 " (3.2 TB/s per OAM)"),
	    .lds_cu_kib = P(64, S_SPECS), .lds_wg_kib = P(64, S_SPECS),
	    .wave_size = P(64, S_SPECS), .regs = P(512, S_SPECS),
	    .max_waves_simd = P(8, S_LLVM), .simds_per_cu = 4,
	    .note = "one GCD; traces call it \"AMD Radeon Graphics\" with numSms 104" },
	  { "mi250", NULL } },
	{ { .name = "MI210", .full_name = "AMD Instinct MI210", .arch = "gfx90a",
	    .family = GS_FAM_CDNA, .cus = P(104, S_SPECS),
	    .clock_ghz = D(1.7, "MI250 clock"),
	    .peak = { [GS_PK_F16] = D(181.0, "1024 FLOP/clk/CU x 104 CUs x 1.7 GHz; " S_IREE),
	              [GS_PK_BF16] = D(181.0, "1024 FLOP/clk/CU x 104 CUs x 1.7 GHz"),
	              [GS_PK_F32] = D(45.3, "MI250 per-CU rate x 104 CUs"),
	              [GS_PK_F64] = D(45.3, "MI250 per-CU rate x 104 CUs"),
	              [GS_PK_I8] = D(181.0, "1024 OP/clk/CU x 104 CUs x 1.7 GHz") },
	    .bw_tbs = P(1.6, S_IREE),
	    .lds_cu_kib = P(64, S_SPECS), .lds_wg_kib = P(64, S_SPECS),
	    .wave_size = P(64, S_SPECS), .regs = P(512, S_SPECS),
	    .max_waves_simd = P(8, S_LLVM), .simds_per_cu = 4, .note = NULL },
	  { "mi210", "gfx90a", NULL } },
	{ { .name = "MI100", .full_name = "AMD Instinct MI100", .arch = "gfx908",
	    .family = GS_FAM_CDNA, .cus = P(120, S_MI100),
	    .clock_ghz = P(1.5, S_MI100),
	    .peak = { [GS_PK_F16] = P(184.6, S_MI100), [GS_PK_BF16] = P(92.3, S_MI100),
	              [GS_PK_F32] = P(46.1, S_MI100), [GS_PK_F64] = P(11.5, S_MI100 " (vector; no FP64 matrix)"),
	              [GS_PK_I8] = P(184.6, S_MI100) },
	    .bw_tbs = P(1.228, S_MI100),
	    .lds_cu_kib = P(64, S_SPECS), .lds_wg_kib = P(64, S_SPECS),
	    .wave_size = P(64, S_SPECS), .regs = P(256, S_MI100 " (256 VGPR + 256 AccVGPR per lane)"),
	    .max_waves_simd = P(10, S_LLVM), .simds_per_cu = 4, .note = NULL },
	  { "mi100", "gfx908", NULL } },
	{ { .name = "RX7900XTX", .full_name = "AMD Radeon RX 7900 XTX", .arch = "gfx1100",
	    .family = GS_FAM_RDNA, .cus = P(96, S_SPECS " (48 WGP)"),
	    .clock_ghz = T(2.5, S_3P " (2499 MHz boost)"),
	    .peak = { [GS_PK_F16] = P3(122.8, "AMD marketing figure; = 96 x 512 FLOP/clk/CU x 2.5 GHz"),
	              [GS_PK_BF16] = D(122.8, "WMMA bf16 at the fp16 rate, 96 x 512 FLOP/clk/CU x 2.5 GHz (inferred)"),
	              [GS_PK_F32] = T(61.4, S_3P " (vector, with dual issue)") },
	    .bw_tbs = T(0.96, S_3P " (20 Gbps x 384 bit)"),
	    .lds_cu_kib = P(64, S_SPECS " (128 KiB per WGP)"), .lds_wg_kib = P(64, S_SPECS),
	    .wave_size = P(32, S_SPECS " (HIP uses wave32)"), .regs = P(1536, S_SPECS " (768 KiB per WGP)"),
	    .max_waves_simd = P(16, S_LLVM), .simds_per_cu = 2, .note = NULL },
	  { "rx7900xtx", "7900xtx", "gfx1100", "navi31", NULL } },
	{ { .name = "gfx1151", .full_name = "AMD Radeon 8060S (Strix Halo)", .arch = "gfx1151",
	    .family = GS_FAM_RDNA, .cus = P(40, S_SPECS " (20 WGP)"),
	    .clock_ghz = T(2.9, S_SEED1151 " (max clock)"),
	    .peak = { [GS_PK_F16] = D(59.4, "40 CU x 2 SIMD x 32 lanes x 2 (VOPD/WMMA) x 2 (packed) x 2 (FMA) x 2.9 GHz; " S_SEED1151),
	              [GS_PK_BF16] = D(59.4, "WMMA bf16 at the fp16 rate (inferred); " S_SEED1151),
	              [GS_PK_F32] = D(29.7, "half the fp16 rate") },
	    .bw_tbs = D(0.256, "256-bit LPDDR5 x 8000 MT/s; " S_SEED1151),
	    .meas_bw_tbs = M(0.2, S_SEED1151 " (practical bandwidth)"),
	    .lds_cu_kib = P(64, S_SPECS " (128 KiB per WGP)"), .lds_wg_kib = P(64, S_SEED1151),
	    .wave_size = P(32, S_SEED1151), .regs = P(1536, S_SPECS " (768 KiB per WGP)"),
	    .max_waves_simd = P(16, S_SEED1151), .simds_per_cu = 2,
	    .note = "59.4 TFLOP/s assumes the 2.9 GHz maximum clock" },
	  { "gfx1151", "8060s", "radeon8060s", "strixhalo", "ryzenaimax395", NULL } },
	{ { .name = "H100", .full_name = "NVIDIA H100 SXM5", .arch = "sm_90",
	    .family = GS_FAM_NVIDIA, .cus = P3(132, S_H100),
	    .clock_ghz = T(1.83, "glennklockwood.com (tensor-peak clock basis)"),
	    .peak = { [GS_PK_F16] = P3(989.4, S_H100), [GS_PK_BF16] = P3(989.4, S_H100),
	              [GS_PK_TF32] = P3(494.7, S_H100), [GS_PK_F32] = P3(66.9, S_H100 " (CUDA cores)"),
	              [GS_PK_F64] = P3(66.9, S_H100 " (FP64 tensor)"), [GS_PK_F8] = P3(1978.9, S_H100),
	              [GS_PK_I8] = P3(1978.9, S_H100) },
	    .bw_tbs = P3(3.35, S_H100),
	    .lds_cu_kib = P3(228, S_H100), .lds_wg_kib = P3(227, "sharedMemPerBlockOptin 232448 (Qwen H100 trace)"),
	    .wave_size = P(32, S_CUDA), .regs = P3(65536, S_H100),
	    .max_waves_simd = P(16, S_CUDA " (64 warps per SM)"), .simds_per_cu = 4, .note = NULL },
	  { "h100", "gh100", "sm90", "sm90a", NULL } },
	{ { .name = "H200", .full_name = "NVIDIA H200 SXM", .arch = "sm_90",
	    .family = GS_FAM_NVIDIA, .cus = P3(132, S_H200),
	    .clock_ghz = T(1.83, "as H100"),
	    .peak = { [GS_PK_F16] = P3(989.4, S_H200), [GS_PK_BF16] = P3(989.4, S_H200),
	              [GS_PK_TF32] = P3(494.7, S_H200), [GS_PK_F32] = P3(66.9, S_H200),
	              [GS_PK_F64] = P3(66.9, S_H200), [GS_PK_F8] = P3(1978.9, S_H200),
	              [GS_PK_I8] = P3(1978.9, S_H200) },
	    .bw_tbs = P3(4.8, S_H200),
	    .lds_cu_kib = P3(228, S_H200), .lds_wg_kib = P3(227, S_H200),
	    .wave_size = P(32, S_CUDA), .regs = P3(65536, S_H200),
	    .max_waves_simd = P(16, S_CUDA " (64 warps per SM)"), .simds_per_cu = 4, .note = NULL },
	  { "h200", NULL } },
	{ { .name = "A100", .full_name = "NVIDIA A100 SXM4 80GB", .arch = "sm_80",
	    .family = GS_FAM_NVIDIA, .cus = P3(108, S_A100),
	    .clock_ghz = P3(1.41, S_A100),
	    .peak = { [GS_PK_F16] = P3(312, S_A100), [GS_PK_BF16] = P3(312, S_A100),
	              [GS_PK_TF32] = P3(156, S_A100), [GS_PK_F32] = P3(19.5, S_A100),
	              [GS_PK_F64] = P3(19.5, S_A100 " (FP64 tensor)"), [GS_PK_I8] = P3(624, S_A100) },
	    .bw_tbs = P3(2.039, S_A100 " (40 GB model: 1.555)"),
	    .lds_cu_kib = P3(164, "CUDA Ampere tuning guide"), .lds_wg_kib = P3(163, "CUDA Ampere tuning guide"),
	    .wave_size = P(32, S_CUDA), .regs = P3(65536, S_A100),
	    .max_waves_simd = P(16, S_CUDA " (64 warps per SM)"), .simds_per_cu = 4, .note = NULL },
	  { "a100", "ga100", "sm80", NULL } },
	{ { .name = "B200", .full_name = "NVIDIA B200 (HGX, 1000 W)", .arch = "sm_100",
	    .family = GS_FAM_NVIDIA, .cus = M(148, S_B200TR " (numSms)"),
	    .clock_ghz = T(1.965, S_3P " (max SM clock)"),
	    .peak = { [GS_PK_F16] = P3(2250, S_B200), [GS_PK_BF16] = P3(2250, S_B200),
	              [GS_PK_TF32] = P3(1100, S_B200), [GS_PK_F32] = P3(75, S_B200),
	              [GS_PK_F64] = P3(40, S_B200), [GS_PK_F8] = P3(4500, S_B200),
	              [GS_PK_I8] = P3(4500, S_B200), [GS_PK_F4] = P3(9000, S_B200) },
	    .meas = { [GS_PK_F16] = M(1347, S_TL_B200), [GS_PK_BF16] = M(1401, S_TL_B200),
	              [GS_PK_F32] = M(66, S_TL_B200), [GS_PK_F8] = M(2816, S_TL_B200),
	              [GS_PK_F4] = M(5912, S_TL_B200) },
	    .bw_tbs = P3(7.7, S_B200 " (earlier material: 8 TB/s)"),
	    .meas_bw_tbs = M(7.476, S_TL_B200 " mem_bw_gbps 7476"),
	    .lds_cu_kib = P3(228, S_B200TR), .lds_wg_kib = P3(227, S_B200TR),
	    .wave_size = P(32, S_CUDA), .regs = P3(65536, S_B200TR " (regsPerMultiprocessor)"),
	    .max_waves_simd = P(16, S_CUDA " (64 warps per SM)"), .simds_per_cu = 4, .note = NULL },
	  { "b200", "gb100", "sm100", "sm100a", NULL } },
	{ { .name = "L40S", .full_name = "NVIDIA L40S", .arch = "sm_89",
	    .family = GS_FAM_NVIDIA, .cus = P3(142, S_L40S),
	    .clock_ghz = T(2.52, S_3P " (boost)"),
	    .peak = { [GS_PK_F16] = P3(362.05, S_L40S), [GS_PK_BF16] = P3(362.05, S_L40S),
	              [GS_PK_TF32] = P3(183, S_L40S), [GS_PK_F32] = P3(91.6, S_L40S),
	              [GS_PK_F64] = T(1.4, S_3P), [GS_PK_F8] = P3(733, S_L40S),
	              [GS_PK_I8] = T(733, S_3P) },
	    .bw_tbs = P3(0.864, S_L40S),
	    .lds_cu_kib = T(100, S_3P), .lds_wg_kib = T(99, S_3P),
	    .wave_size = P(32, S_CUDA), .regs = P3(65536, S_L40S),
	    .max_waves_simd = P(12, S_CUDA " (48 warps per SM)"), .simds_per_cu = 4, .note = NULL },
	  { "l40s", "sm89", NULL } },
	{ { .name = "B580", .full_name = "Intel Arc B580", .arch = "xe2-hpg",
	    .family = GS_FAM_XE, .cus = T(20, S_B580 " (Xe-cores; 160 XVE, 160 XMX)"),
	    .clock_ghz = T(2.67, S_B580 " (graphics clock)"),
	    .peak = { [GS_PK_F16] = D(109.4, "160 XMX x 256 FLOP/clk x 2.67 GHz"),
	              [GS_PK_BF16] = D(109.4, "160 XMX x 256 FLOP/clk x 2.67 GHz"),
	              [GS_PK_F32] = T(13.67, S_B580), [GS_PK_F64] = T(1.7, S_B580),
	              [GS_PK_I8] = D(219, "2 x the fp16 XMX rate at 2.67 GHz") },
	    .meas = { [GS_PK_F16] = M(88, S_XESEED) },
	    .bw_tbs = T(0.456, S_B580 " (19 Gbps x 192 bit)"),
	    .lds_cu_kib = T(256, S_B580 " (L1/SLM per Xe-core)"),
	    .wave_size = T(16, S_B580 " (SIMD16 native)"),
	    .simds_per_cu = 8, .note = "occupancy rules are not modelled for Xe" },
	  { "b580", "arcb580", "bmg", "bmgg21", NULL } },
};

enum { NGPU = sizeof table / sizeof table[0] };

size_t
gs_gpu_count(void)
{
	return NGPU;
}

const gs_gpu *
gs_gpu_at(size_t i)
{
	return i < NGPU ? &table[i].g : NULL;
}

/* ---- lookup ----------------------------------------------------------- */

enum { MAX_WORDS = 16, WORD_LEN = 32, JOIN = 3 };

/* Split NAME into lower-case words of letters and digits. */
static size_t
split_words(const char *name, char words[MAX_WORDS][WORD_LEN])
{
	size_t n = 0, len = 0;

	for (const char *p = name;; p++) {
		int alnum = *p && isalnum((unsigned char)*p);
		if (alnum && n < MAX_WORDS && len + 1 < WORD_LEN) {
			words[n][len++] = (char)tolower((unsigned char)*p);
		} else if (!alnum && len > 0) {
			words[n++][len] = '\0';
			len = 0;
		}
		if (!*p)
			break;
	}
	return n;
}

static int
has_alias(const gpu_entry *e, const char *word)
{
	for (size_t a = 0; a < MAX_ALIASES && e->alias[a]; a++)
		if (strcmp(e->alias[a], word) == 0)
			return 1;
	return 0;
}

/* Does some run of 1..JOIN adjacent words, joined, equal an alias of E? */
static int
entry_matches(const gpu_entry *e, char words[MAX_WORDS][WORD_LEN], size_t n)
{
	char joined[JOIN * WORD_LEN];

	for (size_t i = 0; i < n; i++) {
		joined[0] = '\0';
		for (size_t k = i; k < n && k < i + JOIN; k++) {
			strcat(joined, words[k]);
			if (has_alias(e, joined))
				return 1;
		}
	}
	return 0;
}

const gs_gpu *
gs_gpu_find(const char *name)
{
	char words[MAX_WORDS][WORD_LEN];
	size_t n;

	if (!name)
		return NULL;
	n = split_words(name, words);
	for (size_t i = 0; i < NGPU; i++)
		if (entry_matches(&table[i], words, n))
			return &table[i].g;
	return NULL;
}

/* ---- names and roofs -------------------------------------------------- */

static const char *const class_names[GS_PK_COUNT] = {
	"f16", "bf16", "tf32", "f32", "f64", "f8", "i8", "f4"
};

const char *
gs_gpu_class_name(int cls)
{
	return cls >= 0 && cls < GS_PK_COUNT ? class_names[cls] : "?";
}

int
gs_gpu_dtype_class(const char *dtype)
{
	if (!dtype)
		return -1;
	for (int i = 0; i < GS_PK_COUNT; i++)
		if (strcmp(dtype, class_names[i]) == 0)
			return i;
	if (strcmp(dtype, "xf32") == 0)
		return GS_PK_TF32;
	if (strncmp(dtype, "f8", 2) == 0)
		return GS_PK_F8;
	if (strcmp(dtype, "f4e2m1") == 0)
		return GS_PK_F4;
	return -1;
}

double
gs_gpu_roof_tflops(const gs_gpu *g, const char *dtype, gs_roof roof,
                   const gs_fig **fig)
{
	int c = gs_gpu_dtype_class(dtype);
	const gs_fig *f;

	if (fig)
		*fig = NULL;
	if (c < 0)
		return NAN;
	f = &g->peak[c];
	if (roof == GS_ROOF_MEASURED && g->meas[c].kind != GS_FIG_NONE)
		f = &g->meas[c];
	if (f->kind == GS_FIG_NONE || !(f->v > 0))
		return NAN;
	if (fig)
		*fig = f;
	return f->v;
}

double
gs_gpu_roof_bw(const gs_gpu *g, gs_roof roof, const gs_fig **fig)
{
	const gs_fig *f = &g->bw_tbs;

	if (roof == GS_ROOF_MEASURED && g->meas_bw_tbs.kind != GS_FIG_NONE)
		f = &g->meas_bw_tbs;
	if (fig)
		*fig = f->kind != GS_FIG_NONE ? f : NULL;
	return f->kind != GS_FIG_NONE && f->v > 0 ? f->v : NAN;
}

const char *
gs_fig_kind_tag(gs_fig_kind k)
{
	static const char *const tags[] = { "-", "P", "P*", "D", "M", "T" };

	return (unsigned)k < sizeof tags / sizeof tags[0] ? tags[k] : "?";
}

const char *
gs_fig_kind_name(gs_fig_kind k)
{
	static const char *const names[] = {
		"unknown", "vendor peak", "vendor peak (third-party page)",
		"derived", "measured", "third-party"
	};

	return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

const char *
gs_fig_source(const gs_gpu *g, const gs_fig *f)
{
	if (f && f->src)
		return f->src;
	return g->source[0] ? g->source : "unknown";
}

const char *
gs_gpu_family_name(gs_gpu_family f)
{
	switch (f) {
	case GS_FAM_CDNA: return "cdna";
	case GS_FAM_RDNA: return "rdna";
	case GS_FAM_NVIDIA: return "nvidia";
	case GS_FAM_XE: return "xe";
	case GS_FAM_OTHER: return "other";
	}
	return "?";
}

/* ---- spec files --------------------------------------------------------- */

const char GS_GPU_SPEC_FORMAT[] =
"A GPU spec file is a YAML mapping (or the same keys as `key = value` lines,\n"
"as gemmscope-bench --ceilings writes them).  Units are in the key names.\n"
"  name: MI300X-lab            required; a built-in name (\"AMD Instinct MI300X\")\n"
"                              is also the base when there is no base, arch, family\n"
"  base: mi300x                optional: start from a built-in GPU (applied first)\n"
"  arch: gfx942                LLVM target or sm_XX (occupancy rules, MMA shapes)\n"
"  family: cdna                cdna, rdna, nvidia, xe or other (default: from arch)\n"
"  kind: measured              kind of the figures in this file: peak, measured,\n"
"                              derived or third-party (default measured)\n"
"  source: \"how measured\"      default: the file's path\n"
"  cus: 304                    CUs / SMs\n"
"  clock_ghz: 2.1\n"
"  bandwidth_tbs: 4.3          DRAM bandwidth, TB/s (or bandwidth_gbs: 4300)\n"
"  measured_bandwidth_tbs: 4.0 second (measured) roof, kind measured\n"
"  lds_per_cu_kib: 64          lds_per_wg_kib: 64\n"
"  wave_size: 64  regs: 512  max_waves_per_simd: 8  simds_per_cu: 4\n"
"  tflops:                     the roof, TFLOP/s per dtype (f16 bf16 tf32 f32 f64 f8\n"
"    bf16: 708                 i8 f4); flat form: peak_tflops_bf16: 708\n"
"  measured_tflops:            second (measured) roof, kind measured;\n"
"    bf16: 650                 flat form: measured_tflops_bf16: 650\n"
"Without a base, name, cus, bandwidth and one tflops entry are required.\n";

enum { KEY_LEN = 40, VAL_LEN = 256, MAX_PAIRS = 96 };

typedef struct spec_pair {
	char key[KEY_LEN];     /* top-level key */
	char sub[KEY_LEN];     /* key inside tflops/measured_tflops, else "" */
	char val[VAL_LEN];
	long line, col;
} spec_pair;

typedef struct spec_ctx {
	const char *path;
	spec_pair *pair;
	size_t n;
	gs_fig_kind kind;
	int have_source;
	gs_error *err;
} spec_ctx;

static int
spec_err(spec_ctx *c, long line, long col, const char *what, const char *key)
{
	return gs_error_set(c->err, c->path, line, col, "%s%s%s", what,
	                    key ? ": " : "", key ? key : "");
}

/* Store one key/value; flat keys peak_tflops_<dt> and measured_tflops_<dt>
 * (the key = value form) become tflops.<dt> and measured_tflops.<dt>. */
static int
store_pair(spec_ctx *c, const char *key, const char *sub, const char *val,
           size_t vlen, long line, long col)
{
	static const struct { const char *flat, *key; } flat[] = {
		{ "peak_tflops_", "tflops" }, { "measured_tflops_", "measured_tflops" },
	};
	spec_pair *p;

	if (c->n == MAX_PAIRS)
		return spec_err(c, line, col, "too many keys in the GPU spec", NULL);
	if (vlen >= VAL_LEN)
		return spec_err(c, line, col, "value too long", key);
	p = &c->pair[c->n++];
	snprintf(p->key, sizeof p->key, "%s", key);
	snprintf(p->sub, sizeof p->sub, "%s", sub ? sub : "");
	for (size_t i = 0; i < 2 && !p->sub[0]; i++) {
		size_t n = strlen(flat[i].flat);
		if (strncmp(key, flat[i].flat, n) == 0 && key[n]) {
			snprintf(p->sub, sizeof p->sub, "%s", key + n);
			snprintf(p->key, sizeof p->key, "%s", flat[i].key);
		}
	}
	memcpy(p->val, val, vlen);
	p->val[vlen] = '\0';
	p->line = line;
	p->col = col;
	return 0;
}

static int
add_pair(spec_ctx *c, const char *key, const char *sub, const yaml_event_t *v)
{
	return store_pair(c, key, sub, (const char *)v->data.scalar.value,
	                  v->data.scalar.length, (long)v->start_mark.line + 1,
	                  (long)v->start_mark.column + 1);
}

/* ---- the key = value form (what gemmscope-bench --ceilings writes) ---- */

static size_t
trim_span(const char **s, size_t n)
{
	while (n > 0 && (**s == ' ' || **s == '\t')) {
		(*s)++;
		n--;
	}
	while (n > 0 && ((*s)[n - 1] == ' ' || (*s)[n - 1] == '\t' || (*s)[n - 1] == '\r'))
		n--;
	return n;
}

/* Is the first line that is neither blank nor a comment "key = value"? */
static int
is_kv_form(const char *text, size_t len)
{
	size_t i = 0;

	while (i < len) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		const char *l = text + i;
		size_t n = trim_span(&l, e - i);
		if (n > 0 && l[0] != '#') {
			size_t k = strspn(l, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
			while (k < n && (l[k] == ' ' || l[k] == '\t'))
				k++;
			return k > 0 && k < n && l[k] == '=';
		}
		i = e + 1;
	}
	return 0;
}

static int
kv_line(spec_ctx *c, const char *l, size_t n, long line)
{
	char key[KEY_LEN];
	const char *eq = memchr(l, '=', n), *k = l, *v;
	size_t kn, vn;

	if (!eq)
		return gs_error_set(c->err, c->path, line, 1, "expected key = value");
	kn = trim_span(&k, (size_t)(eq - l));
	v = eq + 1;
	vn = trim_span(&v, n - (size_t)(eq - l) - 1);
	if (kn == 0 || kn >= KEY_LEN || vn == 0)
		return gs_error_set(c->err, c->path, line, vn ? 1 : (long)(eq - l) + 2,
		                    "expected key = value");
	memcpy(key, k, kn);
	key[kn] = '\0';
	return store_pair(c, key, NULL, v, vn, line, (long)(v - l) + 1);
}

static int
read_kv(spec_ctx *c, const char *text, size_t len)
{
	size_t i = 0;
	long line = 0;

	while (i < len) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		const char *l = text + i;
		size_t n = trim_span(&l, e - i);
		line++;
		if (n > 0 && l[0] != '#' && kv_line(c, l, n, line))
			return -1;
		i = e + 1;
	}
	return 0;
}

/* Next event into EV (the caller deletes it); -1 with the parser's error. */
static int
next_event(spec_ctx *c, yaml_parser_t *y, yaml_event_t *ev)
{
	if (yaml_parser_parse(y, ev))
		return 0;
	return gs_error_set(c->err, c->path, (long)y->problem_mark.line + 1,
	                    (long)y->problem_mark.column + 1, "YAML: %s",
	                    y->problem ? y->problem : "syntax error");
}

static long
ev_line(const yaml_event_t *e)
{
	return (long)e->start_mark.line + 1;
}

static long
ev_col(const yaml_event_t *e)
{
	return (long)e->start_mark.column + 1;
}

/* Read a nested mapping of scalar: scalar pairs under KEY. */
static int
read_submap(spec_ctx *c, yaml_parser_t *y, const char *key)
{
	yaml_event_t k, v;
	char sub[KEY_LEN];
	int rc;

	for (;;) {
		if (next_event(c, y, &k))
			return -1;
		if (k.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&k);
			return 0;
		}
		if (k.type != YAML_SCALAR_EVENT || k.data.scalar.length >= KEY_LEN) {
			rc = spec_err(c, ev_line(&k), ev_col(&k), "expected a dtype name", key);
			yaml_event_delete(&k);
			return rc;
		}
		snprintf(sub, sizeof sub, "%s", (const char *)k.data.scalar.value);
		yaml_event_delete(&k);
		if (next_event(c, y, &v))
			return -1;
		rc = v.type == YAML_SCALAR_EVENT ? add_pair(c, key, sub, &v)
		     : spec_err(c, ev_line(&v), ev_col(&v), "expected a number", sub);
		yaml_event_delete(&v);
		if (rc)
			return -1;
	}
}

/* Read one top-level value for KEY. */
static int
read_value(spec_ctx *c, yaml_parser_t *y, const char *key)
{
	yaml_event_t v;
	int rc;

	if (next_event(c, y, &v))
		return -1;
	if (v.type == YAML_SCALAR_EVENT)
		rc = add_pair(c, key, NULL, &v);
	else if (v.type == YAML_MAPPING_START_EVENT &&
	         (strcmp(key, "tflops") == 0 || strcmp(key, "measured_tflops") == 0))
		rc = read_submap(c, y, key);
	else
		rc = spec_err(c, ev_line(&v), ev_col(&v), "expected a single value", key);
	yaml_event_delete(&v);
	return rc;
}

/* Walk the top-level mapping and collect its pairs. */
static int
read_top(spec_ctx *c, yaml_parser_t *y)
{
	yaml_event_t e;
	char key[KEY_LEN];
	int rc;

	for (;;) {
		if (next_event(c, y, &e))
			return -1;
		if (e.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&e);
			return 0;
		}
		if (e.type != YAML_SCALAR_EVENT || e.data.scalar.length >= KEY_LEN) {
			rc = spec_err(c, ev_line(&e), ev_col(&e), "expected a key", NULL);
			yaml_event_delete(&e);
			return rc;
		}
		snprintf(key, sizeof key, "%s", (const char *)e.data.scalar.value);
		yaml_event_delete(&e);
		if (read_value(c, y, key))
			return -1;
	}
}

/* Skip stream and document starts; expect the top-level mapping. */
static int
read_spec(spec_ctx *c, yaml_parser_t *y)
{
	yaml_event_t e;

	for (;;) {
		if (next_event(c, y, &e))
			return -1;
		if (e.type == YAML_STREAM_START_EVENT || e.type == YAML_DOCUMENT_START_EVENT) {
			yaml_event_delete(&e);
			continue;
		}
		if (e.type == YAML_MAPPING_START_EVENT) {
			yaml_event_delete(&e);
			return read_top(c, y);
		}
		gs_error_set(c->err, c->path, ev_line(&e), ev_col(&e),
		             "a GPU spec must be a YAML mapping of keys to values");
		yaml_event_delete(&e);
		return -1;
	}
}

static int
parse_number(spec_ctx *c, const spec_pair *p, double *out)
{
	char *end;
	double v = strtod(p->val, &end);

	if (end == p->val || *end != '\0' || !isfinite(v) || v <= 0)
		return gs_error_set(c->err, c->path, p->line, p->col,
		                    "%s%s%s: expected a positive number, got \"%s\"",
		                    p->key, p->sub[0] ? "." : "", p->sub, p->val);
	*out = v;
	return 0;
}

static int
set_fig(spec_ctx *c, const spec_pair *p, gs_fig *f, gs_fig_kind kind)
{
	double v = 0;

	if (parse_number(c, p, &v))
		return -1;
	f->v = v;
	f->kind = kind;
	f->src = NULL;
	return 0;
}

static int
set_string(spec_ctx *c, const spec_pair *p, char *dst, size_t size)
{
	if (strlen(p->val) >= size || !p->val[0])
		return gs_error_set(c->err, c->path, p->line, p->col,
		                    "%s: expected a non-empty value shorter than %zu bytes",
		                    p->key, size);
	memcpy(dst, p->val, strlen(p->val) + 1);
	return 0;
}

static int
dtype_key(spec_ctx *c, const spec_pair *p)
{
	char canon[GS_DTYPE_LEN];
	int cls = gs_gpu_dtype_class(p->sub);

	if (cls < 0 && gs_dtype_normalize(p->sub, canon) == 0)
		cls = gs_gpu_dtype_class(canon);
	if (cls < 0)
		gs_error_set(c->err, c->path, p->line, p->col,
		             "%s: unknown dtype \"%s\" (f16, bf16, tf32, f32, f64, f8, i8, f4)",
		             p->key, p->sub);
	return cls;
}

static int
parse_family(spec_ctx *c, const spec_pair *p, gs_gpu *g)
{
	static const char *const names[] = { "cdna", "rdna", "nvidia", "xe", "other" };

	for (int i = 0; i < 5; i++) {
		if (strcmp(p->val, names[i]) == 0) {
			g->family = (gs_gpu_family)i;
			return 0;
		}
	}
	return gs_error_set(c->err, c->path, p->line, p->col,
	                    "family: expected cdna, rdna, nvidia, xe or other, got \"%s\"", p->val);
}

static int
parse_kind(spec_ctx *c, const spec_pair *p)
{
	static const struct { const char *name; gs_fig_kind kind; } kinds[] = {
		{ "peak", GS_FIG_PEAK }, { "measured", GS_FIG_MEASURED },
		{ "derived", GS_FIG_DERIVED }, { "third-party", GS_FIG_THIRD_PARTY },
	};

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		if (strcmp(p->val, kinds[i].name) == 0) {
			c->kind = kinds[i].kind;
			return 0;
		}
	}
	return gs_error_set(c->err, c->path, p->line, p->col,
	                    "kind: expected peak, measured, derived or third-party, got \"%s\"",
	                    p->val);
}

/* Integer-valued figures with the file's kind. */
static int
set_int_fig(spec_ctx *c, const spec_pair *p, gs_fig *f)
{
	if (set_fig(c, p, f, c->kind))
		return -1;
	if (f->v != floor(f->v))
		return gs_error_set(c->err, c->path, p->line, p->col,
		                    "%s: expected a whole number, got \"%s\"", p->key, p->val);
	return 0;
}

static int
apply_number(spec_ctx *c, const spec_pair *p, gs_gpu *g)
{
	static const struct { const char *key; size_t off; int whole; } figs[] = {
		{ "cus", offsetof(gs_gpu, cus), 1 },
		{ "clock_ghz", offsetof(gs_gpu, clock_ghz), 0 },
		{ "bandwidth_tbs", offsetof(gs_gpu, bw_tbs), 0 },
		{ "lds_per_cu_kib", offsetof(gs_gpu, lds_cu_kib), 0 },
		{ "lds_per_wg_kib", offsetof(gs_gpu, lds_wg_kib), 0 },
		{ "wave_size", offsetof(gs_gpu, wave_size), 1 },
		{ "regs", offsetof(gs_gpu, regs), 1 },
		{ "max_waves_per_simd", offsetof(gs_gpu, max_waves_simd), 1 },
	};

	for (size_t i = 0; i < sizeof figs / sizeof figs[0]; i++) {
		if (strcmp(p->key, figs[i].key) == 0) {
			gs_fig *f = (gs_fig *)((char *)g + figs[i].off);
			return figs[i].whole ? set_int_fig(c, p, f) : set_fig(c, p, f, c->kind);
		}
	}
	if (strcmp(p->key, "measured_bandwidth_tbs") == 0)
		return set_fig(c, p, &g->meas_bw_tbs, GS_FIG_MEASURED);
	if (strcmp(p->key, "bandwidth_gbs") == 0 || strcmp(p->key, "measured_bandwidth_gbs") == 0) {
		gs_fig *f = p->key[0] == 'b' ? &g->bw_tbs : &g->meas_bw_tbs;
		if (set_fig(c, p, f, p->key[0] == 'b' ? c->kind : GS_FIG_MEASURED))
			return -1;
		f->v /= 1000.0;
		return 0;
	}
	if (strcmp(p->key, "simds_per_cu") == 0) {
		gs_fig f;
		if (set_int_fig(c, p, &f))
			return -1;
		g->simds_per_cu = (int)f.v;
		return 0;
	}
	return gs_error_set(c->err, c->path, p->line, p->col,
	                    "unknown key \"%s\" in the GPU spec", p->key);
}

static int
apply_pair(spec_ctx *c, const spec_pair *p, gs_gpu *g)
{
	int cls;

	if (strcmp(p->key, "tflops") == 0 || strcmp(p->key, "measured_tflops") == 0) {
		if ((cls = dtype_key(c, p)) < 0)
			return -1;
		if (p->key[0] == 't')
			return set_fig(c, p, &g->peak[cls], c->kind);
		return set_fig(c, p, &g->meas[cls], GS_FIG_MEASURED);
	}
	if (strcmp(p->key, "name") == 0)
		return set_string(c, p, g->name, sizeof g->name);
	if (strcmp(p->key, "full_name") == 0)
		return set_string(c, p, g->full_name, sizeof g->full_name);
	if (strcmp(p->key, "arch") == 0)
		return set_string(c, p, g->arch, sizeof g->arch);
	if (strcmp(p->key, "family") == 0)
		return parse_family(c, p, g);
	if (strcmp(p->key, "base") == 0 || strcmp(p->key, "kind") == 0 ||
	    strcmp(p->key, "source") == 0)
		return 0;   /* applied first, by apply_header() */
	return apply_number(c, p, g);
}

/* Defaults of a family for a spec without base. */
static void
family_defaults(gs_gpu *g)
{
	static const struct { double wave, regs, waves; int simds; } d[] = {
		[GS_FAM_CDNA] = { 64, 512, 8, 4 }, [GS_FAM_RDNA] = { 32, 1536, 16, 2 },
		[GS_FAM_NVIDIA] = { 32, 65536, 16, 4 }, [GS_FAM_XE] = { 16, 0, 0, 8 },
		[GS_FAM_OTHER] = { 0, 0, 0, 0 },
	};
	const char *src = "family default (spec file without base)";

	if (d[g->family].wave > 0)
		g->wave_size = (gs_fig){ d[g->family].wave, GS_FIG_DERIVED, src };
	if (d[g->family].regs > 0) {
		g->regs = (gs_fig){ d[g->family].regs, GS_FIG_DERIVED, src };
		g->max_waves_simd = (gs_fig){ d[g->family].waves, GS_FIG_DERIVED, src };
	}
	g->simds_per_cu = d[g->family].simds;
}

static int
family_from_arch(const char *arch, gs_gpu_family *f)
{
	if (strncmp(arch, "gfx9", 4) == 0)
		*f = GS_FAM_CDNA;
	else if (strncmp(arch, "gfx1", 4) == 0)
		*f = GS_FAM_RDNA;
	else if (strncmp(arch, "sm_", 3) == 0)
		*f = GS_FAM_NVIDIA;
	else if (strncmp(arch, "xe", 2) == 0)
		*f = GS_FAM_XE;
	else
		return -1;
	return 0;
}

static const spec_pair *
find_pair(const spec_ctx *c, const char *key)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->pair[i].key, key) == 0)
			return &c->pair[i];
	return NULL;
}

/* The built-in GPU a spec builds on: its base key, else (no arch, no
 * family) the built-in its name designates, as in gemmscope-bench's
 * "name = AMD Instinct MI300X".  *BASE is NULL for neither; -1 on an
 * unknown base. */
static int
find_base(spec_ctx *c, const gs_gpu **base)
{
	const spec_pair *p = find_pair(c, "base");

	*base = NULL;
	if (p) {
		if ((*base = gs_gpu_find(p->val)))
			return 0;
		return gs_error_set(c->err, c->path, p->line, p->col,
		                    "base: unknown GPU \"%s\" (see gemmscope gpus)", p->val);
	}
	if (!find_pair(c, "arch") && !find_pair(c, "family") && (p = find_pair(c, "name")))
		*base = gs_gpu_find(p->val);
	return 0;
}

static const char no_arch_note[] =
	"spec without a known arch: occupancy and the tile model are not available";

/* base, kind, source and the family, before the other keys. */
static int
apply_header(spec_ctx *c, gs_gpu *g)
{
	const spec_pair *p;
	const gs_gpu *base;

	memset(g, 0, sizeof *g);
	c->kind = GS_FIG_MEASURED;
	if (find_base(c, &base))
		return -1;
	if (base)
		*g = *base;
	if ((p = find_pair(c, "kind")) && parse_kind(c, p))
		return -1;
	snprintf(g->source, sizeof g->source, "%s", c->path ? c->path : "GPU spec");
	if ((p = find_pair(c, "source")) && set_string(c, p, g->source, sizeof g->source))
		return -1;
	if (base)
		return 0;
	if ((p = find_pair(c, "family"))) {
		if (parse_family(c, p, g))
			return -1;
	} else if (!(p = find_pair(c, "arch")) || family_from_arch(p->val, &g->family)) {
		g->family = GS_FAM_OTHER;
		g->note = no_arch_note;
	}
	family_defaults(g);
	return 0;
}

static int
check_spec(spec_ctx *c, const gs_gpu *g)
{
	int any = 0;

	for (int i = 0; i < GS_PK_COUNT; i++)
		any |= g->peak[i].kind != GS_FIG_NONE;
	if (!g->name[0])
		return gs_error_set(c->err, c->path, 1, 0, "the GPU spec needs a name");
	if (g->cus.kind == GS_FIG_NONE)
		return gs_error_set(c->err, c->path, 1, 0, "the GPU spec needs cus");
	if (g->bw_tbs.kind == GS_FIG_NONE)
		return gs_error_set(c->err, c->path, 1, 0, "the GPU spec needs bandwidth_tbs");
	if (!any)
		return gs_error_set(c->err, c->path, 1, 0,
		                    "the GPU spec needs a tflops mapping with at least one dtype");
	return 0;
}

static int
read_any(spec_ctx *c, const char *text, size_t len)
{
	yaml_parser_t y;
	int rc;

	if (is_kv_form(text, len))
		return read_kv(c, text, len);
	if (!yaml_parser_initialize(&y))
		return gs_error_set(c->err, c->path, 0, 0, "out of memory");
	yaml_parser_set_input_string(&y, (const unsigned char *)text, len);
	rc = read_spec(c, &y);
	yaml_parser_delete(&y);
	return rc;
}

int
gs_gpu_parse_spec(const char *text, size_t len, const char *path,
                  gs_gpu *out, gs_error *err)
{
	spec_ctx c = { .path = path, .err = err };
	int rc = -1;

	c.pair = calloc(MAX_PAIRS, sizeof *c.pair);
	if (!c.pair)
		return gs_error_set(err, path, 0, 0, "out of memory");
	if (read_any(&c, text, len) == 0 && apply_header(&c, out) == 0) {
		rc = 0;
		for (size_t i = 0; i < c.n && rc == 0; i++)
			rc = apply_pair(&c, &c.pair[i], out);
		if (rc == 0)
			rc = check_spec(&c, out);
	}
	free(c.pair);
	return rc;
}
