-- What every headless Neovim driver of these tests shares (Neovim 0.7 and later), loaded with
-- dofile: `finish(out)` writes the report as JSON to SUBAGENT_LS_OUT and quits; `clients(bufnr)`
-- lists the LSP clients of a buffer (of every buffer for nil) as a list.
local M = {}

function M.finish(out)
  local handle = assert(io.open(os.getenv('SUBAGENT_LS_OUT'), 'w'))
  handle:write(vim.fn.json_encode(out))
  handle:close()
  vim.cmd('qa!')
end

function M.clients(bufnr)
  if vim.lsp.get_clients then return vim.lsp.get_clients(bufnr and { bufnr = bufnr } or nil) end
  if bufnr then return vim.tbl_values(vim.lsp.buf_get_clients(bufnr)) end
  return vim.lsp.get_active_clients()
end

return M
