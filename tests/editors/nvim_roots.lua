-- Headless Neovim (0.7 and later), no init: the root rule of editors/nvim for each path of
-- SUBAGENT_LS_PATHS (JSON), by the module's root_of and, on 0.11 and later, by the root_dir
-- of editors/nvim/lsp/subagent_ls.lua. Driven by test_nvim_module.py; writes JSON to
-- SUBAGENT_LS_OUT: {path: {module = root, lsp = root}}.
local out = {}
local ok, err = pcall(function()
  local editors = os.getenv('SUBAGENT_LS_EDITORS')
  vim.opt.rtp:append(editors)
  local subagent_ls = require('subagent_ls')
  local config = vim.fn.has('nvim-0.11') == 1 and dofile(editors .. '/lsp/subagent_ls.lua') or nil
  for _, path in ipairs(vim.fn.json_decode(os.getenv('SUBAGENT_LS_PATHS'))) do
    local seen = { module = subagent_ls.root_of(path) }
    if config then
      local bufnr = vim.fn.bufadd(path)
      config.root_dir(bufnr, function(dir) seen.lsp = dir end)
    end
    out[path] = seen
  end
end)
if not ok then out = { error = tostring(err) } end
local handle = assert(io.open(os.getenv('SUBAGENT_LS_OUT'), 'w'))
handle:write(vim.fn.json_encode(out))
handle:close()
vim.cmd('qa!')
