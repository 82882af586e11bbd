-- Headless Neovim (0.7 and later), after the init.lua of docs/editors.md has started the
-- server for the Markdown buffer: wait for the diagnostic, run the quick-fix as a user does
-- (vim.lsp.buf.code_action(), the first item of its menu) and see the diagnostic clear.
-- Driven by test_real_editors.py; writes what it saw as JSON to SUBAGENT_LS_OUT.
local report = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'nvim_report.lua')
local out = {}
local function finish() report.finish(out) end

local clients = report.clients

local ok, err = pcall(function()
  local bufnr = vim.api.nvim_get_current_buf()
  out.filetype = vim.bo[bufnr].filetype
  out.attached = vim.wait(20000, function() return next(clients(bufnr)) ~= nil end, 20)
  out.arrived = vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
  -- every answer in, a pull of the diagnostics included: all the diagnostics the user will see
  vim.wait(20000, function()
    for _, client in pairs(clients(bufnr)) do
      if next(client.requests) ~= nil then return false end
    end
    return true
  end, 20)
  out.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(out.diagnostics, { line = d.lnum, col = d.col, code = d.code, message = d.message })
  end
  local diagnostic = vim.diagnostic.get(bufnr)[1]
  vim.api.nvim_win_set_cursor(0, { diagnostic.lnum + 1, diagnostic.col })
  out.actions = {}
  local chosen = false
  vim.ui.select = function(items, opts, on_choice)
    for _, item in ipairs(items) do
      table.insert(out.actions, (opts.format_item(item))) -- one value: gsub's count dropped
    end
    chosen = true
    on_choice(items[1], 1)
  end
  local function line()
    return vim.api.nvim_buf_get_lines(bufnr, diagnostic.lnum, diagnostic.lnum + 1, false)[1]
  end
  local before = line()
  vim.lsp.buf.code_action()
  vim.wait(20000, function() return chosen end, 20)
  -- a Neovim that resolves the action first (codeAction/resolve) applies its edit on the reply
  vim.wait(5000, function() return line() ~= before end, 20)
  out.line_after = line()
  out.cleared = vim.wait(20000, function() return #vim.diagnostic.get(bufnr) == 0 end, 20)
end)
if not ok then out.error = tostring(err) end
finish()
