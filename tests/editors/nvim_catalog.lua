-- Headless Neovim (0.7 and later), after the init.lua of docs/editors.md has put editors/nvim on
-- the runtime path and started the server for the agent file: the client's root, the code lens
-- (refreshed when the catalog changes), :SubagentsCatalog and :SubagentsCheck into the
-- quickfix list. Driven by test_nvim_module.py; writes what it saw as JSON to SUBAGENT_LS_OUT.
local report = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'nvim_report.lua')
local out = {}
local function finish() report.finish(out) end

local function client_of(bufnr) return report.clients(bufnr)[1] end

local function quickfix(title)
  local ready = vim.wait(30000, function()
    return vim.startswith(vim.fn.getqflist({ title = 1 }).title, title)
  end, 20)
  local items = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(items, {
      file = vim.api.nvim_buf_get_name(item.bufnr),
      lnum = item.lnum,
      col = item.col,
      type = item.type,
      text = item.text,
    })
  end
  return ready and items or nil
end

local ok, err = pcall(function()
  local bufnr = vim.api.nvim_get_current_buf()
  out.commands = vim.fn.exists(':SubagentsCatalog') == 2 and vim.fn.exists(':SubagentsCheck') == 2
  out.attached = vim.wait(20000, function() return client_of(bufnr) ~= nil end, 20)
  local client = client_of(bufnr)
  out.name = client.name
  out.root = client.root_dir or client.config.root_dir
  out.cmd = client.config.cmd
  out.settings = client.config.settings
  out.pulls = client.server_capabilities.diagnosticProvider ~= nil
  -- the lens shows the file's place in the catalog once the first scan is done
  out.lens_refreshed = vim.wait(30000, function()
    for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
      if lens.command and lens.command.title:match('^overrides ') then return true end
    end
    return false
  end, 50)
  out.lenses = {}
  for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
    table.insert(out.lenses, lens.command and lens.command.title or vim.NIL)
  end
  vim.cmd('SubagentsCatalog')
  out.catalog = quickfix('Subagents catalog')
  vim.cmd('SubagentsCheck')
  out.check = quickfix('subagent-ls check')
end)
if not ok then out.error = tostring(err) end
finish()
