/* gpu_table_nv.c: the NVIDIA and Intel entries of the built-in GPU table.
 * Pure data; see gpu_impl.h.  Figures, kinds and sources:
 * reference/gpu-specs.md §3 and §4, and the sources named per figure.
 * NVIDIA datasheets print tensor peaks with 2:4 sparsity; the table holds
 * the dense figure, half of it.
 */
#include "model/gpu_impl.h"

#define S_H100 "NVIDIA H100 datasheet via reseller page; dense table glennklockwood.com/garden/processors/h100"
#define S_H100P "NVIDIA H100 SXM/PCIe datasheet table restated by archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html (sparse figures halved)"
#define S_H100NVL "gpu.blog/gpus/nvidia-h100-nvl listing (its tensor figures are not usable)"
#define S_H200 "third-party restatements of the NVIDIA H200 spec"
#define S_A100 "glennklockwood.com/garden/processors/A100 (NVIDIA A100 datasheet)"
#define S_A100_40 "upb-pc2 wiki 'NVIDIA A100 40GB with NVLINK' (NVIDIA table and deviceQuery: 40 GB, 1555 GB/s, 40 MiB L2)"
#define S_A30 "huggingface.co/hardware/a30 (24 GB, 10.32 TFLOPS FP32)"
#define S_A10 "sysrqmts.com A10 PCIe listing (72 SMs, 1695 MHz, 24 GB, 600.2 GB/s, 6 MB L2, 31.24 TFLOPS FP32)"
#define S_A10TC "nucleusbox.com T4/A10/A100 table (A10 FP16 125 TF)"
#define S_T4 "NVIDIA T4 launch figures restated by geektopia.es (8.1 FP32, 65 FP16, 130 INT8 TOPS)"
#define S_T4L "sysrqmts.com/en/gpus/nvidia/tesla/t4 listing (40 SMs, 1590 MHz, 16 GB, 320 GB/s, 4 MB L2)"
#define S_V100 "developer.nvidia.com/programming-tensor-cores-cuda-9-0 (\"up to 125 Tensor TFLOPS\")"
#define S_V100T "Volta table restated by techrival.com (80 SMs, 6144 KB L2, up to 96 KB shared memory per SM)"
#define S_V100P "NVIDIA V100 PCIe figures restated by io-tech.fi (1370 MHz, 112 tensor TFLOPS, 14 FP32, 7 FP64, 16 GB, 900 GB/s)"
#define S_L4R "NVIDIA L4 datasheet rows restated by store.sourcecode.com (TF32 120, INT8 485 TOPS with sparsity; 300 GB/s)"
#define S_L4G "grokipedia.com NVIDIA L4 vs L40S (FP16 242, FP8 485 with sparsity; 24 GB)"
#define S_L4T "fpsbench.com L4 listing (7,424 shaders = 58 SMs, 2040 MHz, 48 MB L2, 30.29 TFLOPS FP32)"
#define S_RTX "grafikkarten.com RTX 6000 Ada / GeForce RTX 4090 table"
#define S_4090TC "hmc-tech.com 6x RTX 4090 listing, per GPU (tensor with FP32 accumulate)"
#define S_B200 "NVIDIA HGX B200 table via third-party pages; glennklockwood.com/garden/processors/B200 (1000 W dense)"
#define S_B200TR "deviceProperties of TraceLens tests/traces/b200/eager_trace.json.gz"
#define S_TL_B200 "TraceLens branch tkarttun/node-id-graph-join fa322d3b (benchmark derived)"
#define S_L40S "NVIDIA L40S datasheet as reproduced by resellers"
#define S_B580 "TechPowerUp-derived listings"
#define S_XESEED "Xe GEMM optimisation record seed (f16 XMX kernel, baseline config)"
#define S_PVC "glennklockwood.com/garden/processors/pvc (citing Intel ark)"
#define S_PVCM "ALCF Aurora node-performance overview via glennklockwood.com/garden/processors/pvc (measured GEMM)"

/* The per-SM occupancy figures of a compute capability (S_CUDA). */
#define NV_OCC(smem, blk, warps4, cc) .lds_cu_kib = P(smem, S_CUDA " (" cc ")"), \
	.lds_wg_kib = P(blk, S_CUDA " (" cc ")"), .wave_size = P(32, S_CUDA), \
	.regs = P(65536, S_CUDA " (64K 32-bit registers per SM)"), \
	.max_waves_simd = P(warps4, S_CUDA " (" cc ")"), .simds_per_cu = 4
#define A100_PEAKS(s) .peak = { [GS_PK_F16] = P3(312, s), [GS_PK_BF16] = P3(312, s), \
	[GS_PK_TF32] = P3(156, s), [GS_PK_F32] = P3(19.5, s), \
	[GS_PK_F64] = P3(19.5, s " (FP64 tensor)"), [GS_PK_I8] = P3(624, s) }
#define A30_X(v, r) D(v, "10.32 TFLOPS FP32 (" S_A30 ") x " r)
#define RTX6000_D(v, r) D(v, r " FLOP/clk/SM (AD102 dense, as L40S) x 142 SMs x 2.505 GHz")

const gs_gpu_entry gs_gpu_table_nv[] = {
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
	    .max_waves_simd = P(16, S_CUDA " (64 warps per SM)"), .simds_per_cu = 4,
	    .mem_gb = P3(80, S_H100), .l2_mib = P3(50, S_H100), .note = NULL },
	  { "h100", "gh100", "sm90", "sm90a", "h100sxm", "h100sxm5", NULL }, "h100" },
	{ { .name = "H100-PCIe", .full_name = "NVIDIA H100 PCIe", .arch = "sm_90",
	    .family = GS_FAM_NVIDIA, .cus = P3(114, S_H100P),
	    .clock_ghz = D(1.62, "756e12 / (114 SMs x 4096 FLOP/clk/SM)"),
	    .peak = { [GS_PK_F16] = P3(756.5, S_H100P), [GS_PK_BF16] = P3(756.5, S_H100P),
	              [GS_PK_TF32] = P3(378, S_H100P), [GS_PK_F32] = P3(51, S_H100P " (CUDA cores)"),
	              [GS_PK_F64] = P3(51, S_H100P " (FP64 tensor)"), [GS_PK_F8] = P3(1513, S_H100P),
	              [GS_PK_I8] = P3(1513, S_H100P) },
	    .bw_tbs = P3(2.0, S_H100P), NV_OCC(228, 227, 16, "compute capability 9.0"),
	    .mem_gb = P3(80, S_H100P), .l2_mib = P3(50, S_H100P), .note = NULL },
	  { "h100pcie", NULL }, "h100" },
	{ { .name = "H100-NVL", .full_name = "NVIDIA H100 NVL", .arch = "sm_90",
	    .family = GS_FAM_NVIDIA, .cus = T(132, S_H100NVL),
	    .peak = { [GS_PK_F32] = T(67, S_H100NVL) },
	    NV_OCC(228, 227, 16, "compute capability 9.0"),
	    .mem_gb = T(94, S_H100NVL),
	    .note = "tensor peaks and bandwidth not sourced (pages disagree); give them with --gpu FILE" },
	  { "h100nvl", NULL }, "h100" },
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
	    .max_waves_simd = P(16, S_CUDA " (64 warps per SM)"), .simds_per_cu = 4,
	    .mem_gb = P3(141, S_H200), .l2_mib = P3(50, "as H100; " S_H200), .note = NULL },
	  { "h200", NULL }, NULL },
	{ { .name = "A100", .full_name = "NVIDIA A100 SXM4 80GB", .arch = "sm_80",
	    .family = GS_FAM_NVIDIA, .cus = P3(108, S_A100),
	    .clock_ghz = P3(1.41, S_A100), A100_PEAKS(S_A100),
	    .bw_tbs = P3(2.039, S_A100 " (40 GB model: 1.555)"),
	    .lds_cu_kib = P3(164, "CUDA Ampere tuning guide"), .lds_wg_kib = P3(163, "CUDA Ampere tuning guide"),
	    .wave_size = P(32, S_CUDA), .regs = P3(65536, S_A100),
	    .max_waves_simd = P(16, S_CUDA " (64 warps per SM)"), .simds_per_cu = 4,
	    .mem_gb = P3(80, S_A100), .l2_mib = P3(40, S_A100_40), .note = NULL },
	  { "a100", "ga100", "sm80", "a10080gb", "a100sxm480gb", "a100pcie80gb", NULL }, "a100" },
	{ { .name = "A100-40GB", .full_name = "NVIDIA A100 SXM4 40GB", .arch = "sm_80",
	    .family = GS_FAM_NVIDIA, .cus = P3(108, S_A100_40),
	    .clock_ghz = P3(1.41, S_A100_40), A100_PEAKS(S_A100),
	    .bw_tbs = P3(1.555, S_A100_40),
	    .lds_cu_kib = P3(164, "CUDA Ampere tuning guide"), .lds_wg_kib = P3(163, "CUDA Ampere tuning guide"),
	    .wave_size = P(32, S_CUDA), .regs = P3(65536, S_A100),
	    .max_waves_simd = P(16, S_CUDA " (64 warps per SM)"), .simds_per_cu = 4,
	    .mem_gb = P3(40, S_A100_40), .l2_mib = P3(40, S_A100_40),
	    .note = "the first A100 board (HBM2); same compute as the 80 GB board" },
	  { "a10040gb", "a100sxm440gb", "a100pcie40gb", NULL }, "a100" },
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
	    .max_waves_simd = P(16, S_CUDA " (64 warps per SM)"), .simds_per_cu = 4,
	    .mem_gb = P3(180, S_B200 " (trace totalGlobalMem 178.4 GiB)"), .note = NULL },
	  { "b200", "gb100", "sm100", "sm100a", NULL }, NULL },
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
	    .max_waves_simd = P(12, S_CUDA " (48 warps per SM)"), .simds_per_cu = 4,
	    .mem_gb = P3(48, S_L40S), .l2_mib = T(48, S_3P " (unverified)"), .note = NULL },
	  { "l40s", "sm89", NULL }, NULL },
	{ { .name = "L4", .full_name = "NVIDIA L4", .arch = "sm_89",
	    .family = GS_FAM_NVIDIA, .cus = T(58, S_L4T " (some pages say 60)"),
	    .clock_ghz = T(2.04, S_L4T),
	    .peak = { [GS_PK_F16] = P3(121, S_L4G), [GS_PK_BF16] = P3(121, S_L4G),
	              [GS_PK_TF32] = P3(60, S_L4R), [GS_PK_F32] = T(30.3, S_L4T),
	              [GS_PK_F8] = P3(242.5, S_L4G), [GS_PK_I8] = P3(242.5, S_L4R) },
	    .bw_tbs = P3(0.3, S_L4R), NV_OCC(100, 99, 12, "compute capability 8.9"),
	    .mem_gb = P3(24, S_L4G), .l2_mib = T(48, S_L4T), .note = NULL },
	  { "l4", NULL }, NULL },
	{ { .name = "RTX6000Ada", .full_name = "NVIDIA RTX 6000 Ada Generation", .arch = "sm_89",
	    .family = GS_FAM_NVIDIA, .cus = T(142, S_RTX),
	    .clock_ghz = T(2.505, "cpu-gpu.alldbin.com listing (2505 MHz boost; " S_RTX ": 2535)"),
	    .peak = { [GS_PK_F16] = RTX6000_D(364.2, "1024"), [GS_PK_BF16] = RTX6000_D(364.2, "1024"),
	              [GS_PK_TF32] = RTX6000_D(182.1, "512"), [GS_PK_F32] = T(91.1, S_RTX),
	              [GS_PK_F8] = RTX6000_D(728.5, "2048") },
	    .bw_tbs = T(0.96, S_RTX), NV_OCC(100, 99, 12, "compute capability 8.9"),
	    .mem_gb = T(48, S_RTX), .note = "tensor peaks derived from the L40S per-SM rate" },
	  { "rtx6000ada", NULL }, NULL },
	{ { .name = "RTX4090", .full_name = "NVIDIA GeForce RTX 4090", .arch = "sm_89",
	    .family = GS_FAM_NVIDIA, .cus = T(128, S_RTX),
	    .clock_ghz = T(2.52, S_RTX " (boost)"),
	    .peak = { [GS_PK_F16] = T(165.2, S_4090TC), [GS_PK_BF16] = T(165.2, S_4090TC),
	              [GS_PK_TF32] = T(82.6, S_4090TC), [GS_PK_F32] = T(82.6, S_RTX),
	              [GS_PK_F8] = T(330.3, S_4090TC) },
	    .bw_tbs = T(1.008, S_RTX), NV_OCC(100, 99, 12, "compute capability 8.9"),
	    .mem_gb = T(24, S_RTX),
	    .note = "GeForce: tensor peaks with FP32 accumulate (GEMMs' usual); FP16 accumulate is twice as fast" },
	  { "rtx4090", "geforcertx4090", NULL }, NULL },
	{ { .name = "A10", .full_name = "NVIDIA A10", .arch = "sm_86",
	    .family = GS_FAM_NVIDIA, .cus = T(72, S_A10),
	    .clock_ghz = T(1.695, S_A10),
	    .peak = { [GS_PK_F16] = T(125, S_A10TC),
	              [GS_PK_BF16] = D(125, "the fp16 tensor rate (Ampere runs bf16 at the fp16 rate)"),
	              [GS_PK_TF32] = D(62.5, "half the fp16 tensor rate (Ampere)"),
	              [GS_PK_F32] = T(31.2, S_A10) },
	    .bw_tbs = T(0.6, S_A10), NV_OCC(100, 99, 12, "compute capability 8.6"),
	    .mem_gb = T(24, S_A10), .l2_mib = T(6, S_A10), .note = NULL },
	  { "a10", NULL }, NULL },
	{ { .name = "A30", .full_name = "NVIDIA A30", .arch = "sm_80",
	    .family = GS_FAM_NVIDIA,
	    .peak = { [GS_PK_F16] = A30_X(165.1, "16, the GA100 fp16 tensor / FP32 ratio (A100 312 / 19.5)"),
	              [GS_PK_BF16] = A30_X(165.1, "16, the GA100 bf16 tensor / FP32 ratio (A100 312 / 19.5)"),
	              [GS_PK_TF32] = A30_X(82.6, "8, the GA100 TF32 / FP32 ratio (A100 156 / 19.5)"),
	              [GS_PK_F32] = T(10.32, S_A30),
	              [GS_PK_F64] = A30_X(10.3, "1, the GA100 FP64 tensor / FP32 ratio (A100 19.5 / 19.5)"),
	              [GS_PK_I8] = A30_X(330.2, "32, the GA100 INT8 / FP32 ratio (A100 624 / 19.5)") },
	    NV_OCC(164, 163, 16, "compute capability 8.0"), .mem_gb = T(24, S_A30),
	    .note = "SM count and bandwidth not sourced; give them with --gpu FILE" },
	  { "a30", NULL }, NULL },
	{ { .name = "T4", .full_name = "NVIDIA T4", .arch = "sm_75",
	    .family = GS_FAM_NVIDIA, .cus = T(40, S_T4L),
	    .clock_ghz = T(1.59, S_T4L),
	    .peak = { [GS_PK_F16] = P3(65, S_T4), [GS_PK_F32] = P3(8.1, S_T4), [GS_PK_I8] = P3(130, S_T4) },
	    .bw_tbs = T(0.32, S_T4L), NV_OCC(64, 64, 8, "compute capability 7.5"),
	    .mem_gb = T(16, S_T4L), .l2_mib = T(4, S_T4L),
	    .note = "Turing: no bf16 or TF32 tensor cores" },
	  { "t4", "teslat4", NULL }, NULL },
	{ { .name = "V100-SXM2", .full_name = "NVIDIA Tesla V100 SXM2", .arch = "sm_70",
	    .family = GS_FAM_NVIDIA, .cus = P3(80, S_V100T),
	    .clock_ghz = D(1.53, "125e12 / (80 SMs x 8 tensor cores x 128 FLOP/clk (64 FMA, io-tech.fi))"),
	    .peak = { [GS_PK_F16] = P(125, S_V100),
	              [GS_PK_F32] = D(15.7, "5120 FP32 cores x 2 (FMA) x 1.53 GHz"),
	              [GS_PK_F64] = D(7.8, "2560 FP64 cores x 2 (FMA) x 1.53 GHz") },
	    .bw_tbs = P3(0.9, S_V100P " (HBM2 as on the SXM2 board)"),
	    NV_OCC(96, 96, 16, "compute capability 7.0"),
	    .mem_gb = P3(16, S_V100P " (32 GB boards have the same figures)"), .l2_mib = P3(6, S_V100T),
	    .note = "Volta: fp16 tensor cores only (no bf16, TF32, int8 tensor)" },
	  { "v100", "gv100", "sm70", "v100sxm2", NULL }, "v100" },
	{ { .name = "V100-PCIe", .full_name = "NVIDIA Tesla V100 PCIe", .arch = "sm_70",
	    .family = GS_FAM_NVIDIA, .cus = P3(80, S_V100P),
	    .clock_ghz = P3(1.37, S_V100P),
	    .peak = { [GS_PK_F16] = P3(112, S_V100P), [GS_PK_F32] = P3(14, S_V100P),
	              [GS_PK_F64] = P3(7, S_V100P) },
	    .bw_tbs = P3(0.9, S_V100P), NV_OCC(96, 96, 16, "compute capability 7.0"),
	    .mem_gb = P3(16, S_V100P " (32 GB boards have the same figures)"), .l2_mib = P3(6, S_V100T),
	    .note = "Volta: fp16 tensor cores only (no bf16, TF32, int8 tensor)" },
	  { "v100pcie", NULL }, "v100" },
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
	    .simds_per_cu = 8, .mem_gb = T(12, S_B580), .l2_mib = T(18, S_B580),
	    .note = "occupancy rules are not modelled for Xe" },
	  { "b580", "arcb580", "bmg", "bmgg21", NULL }, NULL },
	{ { .name = "Max1550", .full_name = "Intel Data Center GPU Max 1550", .arch = "xe-hpc",
	    .family = GS_FAM_XE, .cus = P3(128, S_PVC " (Xe-cores, 64 per stack)"),
	    .clock_ghz = P3(1.6, S_PVC " (peak)"),
	    .peak = { [GS_PK_F32] = D(52.4, "1024 vector engines x 512 bit / 32 bit x 2 (FMA) x 1.6 GHz; " S_PVC) },
	    .meas = { [GS_PK_F16] = M(263, S_PVCM), [GS_PK_BF16] = M(273, S_PVCM),
	              [GS_PK_TF32] = M(110, S_PVCM), [GS_PK_F32] = M(23, S_PVCM),
	              [GS_PK_F64] = M(17, S_PVCM), [GS_PK_I8] = M(577, S_PVCM) },
	    .bw_tbs = P3(3.2768, S_PVC), .simds_per_cu = 8, .mem_gb = P3(128, S_PVC),
	    .note = "two stacks (a runtime may enumerate each as a device with half the figures); "
	            "XMX peaks not sourced: use the measured roof" },
	  { "max1550", "gpumax1550", "pvc", NULL }, NULL },
};

const size_t gs_gpu_table_nv_n = sizeof gs_gpu_table_nv / sizeof gs_gpu_table_nv[0];
