-- gfx1151-torch8192.sql: a rocpd database as the gfx1151 (Strix Halo)
-- seed reads it, reconstructed from reference/seeds/gfx1151-reference.md:
-- the agent an APU reports (gfx1151, product name "AMD Radeon Graphics",
-- 40 CUs, 2900 MHz) and a kernels view with the columns the seed's own
-- query reads (name, duration, vgpr_count, sgpr_count, lds_size, grid_x,
-- workgroup_x) and the y extents of its launch table.  The one dispatch
-- is the seed's torch.compile GEMM at N = 8192 (rocprof_torch_8192_steady):
-- 40.186 ms, 256 VGPRs, 128 SGPRs, 17408 B LDS, grid (8192, 64),
-- workgroup (128, 1).  The seed gives no kernel name: Inductor's template
-- GEMM name (reference/kernel-names.md §9) stands in.  Build:
--   sqlite3 gfx1151-torch8192.db < gfx1151-torch8192.sql
CREATE TABLE rocpd_info_agent (id INTEGER PRIMARY KEY, type TEXT, name TEXT,
    product_name TEXT, extdata TEXT);
INSERT INTO rocpd_info_agent VALUES (1, 'GPU', 'gfx1151', 'AMD Radeon Graphics',
    '{"cu_count": 40, "max_engine_clk_fcompute": 2900}');
CREATE TABLE kernels (name TEXT, duration INTEGER, vgpr_count INTEGER,
    sgpr_count INTEGER, lds_size INTEGER, grid_x INTEGER, grid_y INTEGER,
    workgroup_x INTEGER, workgroup_y INTEGER);
INSERT INTO kernels VALUES ('triton_tem_fused_mm_0', 40186000, 256, 128, 17408,
    8192, 64, 128, 1);
