-- Headless Neovim (0.7 and later), after the init.lua of docs/editors.md has started the
-- server for a Claude Code agent file: port it to OpenCode as a user does. On 0.8 and later
-- vim.lsp.buf.code_action({ filter = <the action titled "Port to OpenCode…">, apply = true });
-- on 0.7, whose code_action has neither, vim.lsp.buf.code_action() and that item picked from
-- its menu. Then what the user sees: the ported file's buffer (listed, its text, modified or
-- not, in a window or not) and the file on disk, before and after :wall, and the messages.
-- Driven by test_nvim_port.py; writes what it saw as JSON to SUBAGENT_LS_OUT.
local report = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'nvim_report.lua')
local out = {}
local function finish() report.finish(out) end

local clients = report.clients

local function read(path)
  local handle = io.open(path, 'r')
  if not handle then return vim.NIL end
  local text = handle:read('*a')
  handle:close()
  return text
end

local TITLE = 'Port to OpenCode…'

local ok, err = pcall(function()
  local bufnr = vim.api.nvim_get_current_buf()
  local target = os.getenv('SUBAGENT_LS_TARGET')
  out.attached = vim.wait(20000, function() return #clients(bufnr) > 0 end, 20)
  out.log = vim.lsp.get_log_path()
  -- the menu's items: what vim.lsp.buf.code_action() offers on the first line; on 0.7 the
  -- user picks the port there, on 0.8 and later the menu is left and the filter applies it
  local modern = vim.fn.has('nvim-0.8') == 1
  out.applied_by = modern and 'filter' or 'menu'
  out.menu = {}
  local chosen = false
  vim.ui.select = function(items, opts, on_choice)
    local pick
    for index, item in ipairs(items) do
      local title = (opts.format_item(item)) -- one value: gsub's count dropped
      table.insert(out.menu, title)
      if not modern and title:find(TITLE, 1, true) then pick = index end
    end
    chosen = true
    on_choice(pick and items[pick] or nil, pick)
  end
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  vim.lsp.buf.code_action()
  out.chosen = vim.wait(20000, function() return chosen end, 20)
  if modern then
    vim.lsp.buf.code_action({
      filter = function(action) return action.title == TITLE end,
      apply = true,
    })
  end
  out.created = vim.wait(20000, function()
    local ported = vim.fn.bufnr(target)
    return ported ~= -1
      and vim.api.nvim_buf_is_loaded(ported)
      and #table.concat(vim.api.nvim_buf_get_lines(ported, 0, -1, false), '\n') > 0
  end, 20)
  local ported = vim.fn.bufnr(target)
  out.buffer = ported ~= -1 and {
    listed = vim.bo[ported].buflisted,
    modified = vim.bo[ported].modified,
    shown = vim.fn.bufwinid(ported) ~= -1,
    current = vim.api.nvim_get_current_buf() == ported,
    text = table.concat(vim.api.nvim_buf_get_lines(ported, 0, -1, false), '\n') .. '\n',
  } or vim.NIL
  out.disk_before_write = read(target)
  vim.cmd('silent wall')
  out.disk_after_write = read(target)
  out.source_modified = vim.bo[bufnr].modified
end)
if not ok then out.error = tostring(err) end
out.errmsg = vim.v.errmsg
out.messages = vim.fn.execute('messages')
finish()
