/* gpu.c: the built-in GPU table, name lookup, roofs and names.  Pure
 * data and queries: spec files are read by ingest/gpuspec.c.  Figures,
 * kinds and sources: reference/gpu-specs.md.
 */
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "model/gpu.h"

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
