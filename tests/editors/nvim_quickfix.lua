-- Headless Neovim 0.7: open a broken agent file, receive the diagnostic, apply the server's
-- quick-fix and see the diagnostic clear. Driven by test_real_editors.py through environment
-- variables; writes what it saw as JSON to SUBAGENT_LS_OUT.
local out = {}
local function finish()
  local handle = assert(io.open(os.getenv('SUBAGENT_LS_OUT'), 'w'))
  handle:write(vim.fn.json_encode(out))
  handle:close()
  vim.cmd('qa!')
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('SUBAGENT_LS_FILE')))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = 'subagent-ls',
    cmd = vim.fn.json_decode(os.getenv('SUBAGENT_LS_CMD')),
    root_dir = os.getenv('SUBAGENT_LS_ROOT'),
  })
  vim.lsp.buf_attach_client(bufnr, client_id)
  out.arrived = vim.wait(10000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
  out.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(out.diagnostics, { line = d.lnum, col = d.col, code = d.code, message = d.message })
  end
  local client = vim.lsp.get_client_by_id(client_id)
  local diagnostic = vim.diagnostic.get(bufnr)[1]
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = diagnostic.lnum, character = diagnostic.col },
              ['end'] = { line = diagnostic.end_lnum, character = diagnostic.end_col } },
    context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, diagnostic.lnum),
                only = { 'quickfix' } },
  }, 10000)
  out.actions = {}
  for _, response in pairs(responses or {}) do
    for _, action in ipairs(response.result or {}) do
      table.insert(out.actions, action.title)
      if #out.actions == 1 then
        vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
      end
    end
  end
  out.line_after = vim.api.nvim_buf_get_lines(bufnr, diagnostic.lnum, diagnostic.lnum + 1, false)[1]
  out.cleared = vim.wait(10000, function() return #vim.diagnostic.get(bufnr) == 0 end, 20)
end)
if not ok then out.error = tostring(err) end
finish()
