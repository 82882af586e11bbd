-- subagent-ls in Neovim (0.7 and later): the root rule, the start of the server for a buffer
-- (0.7 to 0.10), and the commands :SubagentsCatalog and :SubagentsCheck. On the runtime path
-- with `vim.opt.rtp:append('/path/to/subagent-ls/editors/nvim')`; see docs/editors.md.
local M = {}

local uv = vim.uv or vim.loop
local NAMES = { subagent_ls = true, ['subagent-ls'] = true }

-- Every agent folder of every harness the server knows (harnesses/registry.py: each dialect's
-- `folders`); tests/unit/test_harness_lists.py fails when this list lags the registry.
M.agent_folders = {
  '.agents/agents',
  '.claude/agents',
  '.opencode/agent',
  '.opencode/agents',
  '.config/opencode/agent',
  '.config/opencode/agents',
  '.opencode/mode',
  '.opencode/modes',
  '.config/opencode/mode',
  '.config/opencode/modes',
  '.github/agents',
  '.copilot/agents',
  '.gemini/agents',
  '.synapse/agents',
  '.pi/agent/agents',
}

local function strip(path)
  path = path:gsub('\\', '/')
  if #path > 1 then path = path:gsub('/+$', '') end
  return path
end

local function exists(path) return uv.fs_stat(path) ~= nil end

local function parent(dir)
  local up = strip(vim.fn.fnamemodify(dir, ':h'))
  return up ~= dir and up or nil
end

--- The project root of a file (a path; '' for the current folder): the top of its git
--- repository; else the nearest folder at or above the file's that holds an agent folder of
--- some harness; else the file's folder. Never the home folder, where every Claude Code user
--- has `~/.claude` (a repository at home, or a folder holding only user-level agent folders,
--- does not count).
function M.root_of(path)
  local home = vim.env.HOME and vim.env.HOME ~= '' and strip(vim.env.HOME) or nil
  local start
  if path == nil or path == '' or path:match('^%a[%w+.-]*://') then
    start = strip(uv.cwd())
  else
    path = strip(vim.fn.fnamemodify(path, ':p'))
    start = vim.fn.isdirectory(path) == 1 and path or strip(vim.fn.fnamemodify(path, ':h'))
  end
  local dir = start
  while dir do
    if exists(dir .. '/.git') then
      if dir ~= home then return dir end
      break
    end
    dir = parent(dir)
  end
  dir = start
  while dir and dir ~= home do
    for _, folder in ipairs(M.agent_folders) do
      if vim.fn.isdirectory(dir .. '/' .. folder) == 1 then return dir end
    end
    dir = parent(dir)
  end
  return start
end

--- Whether a path lies in a user-level agent folder: an agent folder right below home
--- (`~/.claude/agents`, `~/.config/opencode/agent`, `~/.copilot/agents`, ...).
function M.user_level(path)
  local home = vim.env.HOME and vim.env.HOME ~= '' and strip(vim.env.HOME) or nil
  if home == nil or path == nil or path == '' or path:match('^%a[%w+.-]*://') then
    return false
  end
  path = strip(vim.fn.fnamemodify(path, ':p'))
  for _, folder in ipairs(M.agent_folders) do
    local top = home .. '/' .. folder
    if path == top or path:sub(1, #top + 1) == top .. '/' then return true end
  end
  return false
end

local function root_of_client(client) return client.root_dir or client.config.root_dir end

local function running()
  if vim.lsp.get_clients then return vim.lsp.get_clients() end
  return vim.lsp.get_active_clients()
end

--- The project client a user-level agent file joins: of the subagent-ls clients whose root
--- is not a user-level folder, the one of the alternate buffer (the file the user came
--- from), else the one started last; nil when there is none.
function M.project_client()
  local alternate, last = vim.fn.bufnr('#'), nil
  for _, client in ipairs(running()) do
    local root = root_of_client(client)
    if NAMES[client.name] and root and not M.user_level(root) then
      if alternate > 0 and vim.lsp.buf_is_attached(alternate, client.id) then return client end
      if last == nil or client.id > last.id then last = client end
    end
  end
  return last
end

--- The root a buffer is served in: for a user-level agent file, the root of the running
--- project client when there is one (so that the project's catalog judges it); else, and
--- for every other file, `root_of`.
function M.root_for(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  local project = M.user_level(path) and M.project_client() or nil
  if project then return root_of_client(project) end
  return M.root_of(path)
end

--- `root_dir` for `vim.lsp.config` (Neovim 0.11 and later).
function M.root_dir(bufnr, on_dir) on_dir(M.root_for(bufnr)) end

--- The server pushes every diagnostic; a client that also pulls them shows each one twice.
function M.on_init(client) client.server_capabilities.diagnosticProvider = nil end

local function ours(bufnr)
  local all
  if vim.lsp.get_clients then
    all = vim.lsp.get_clients(bufnr and { bufnr = bufnr } or nil)
  elseif bufnr then
    all = vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
  else
    all = vim.lsp.get_active_clients()
  end
  for _, client in ipairs(all) do
    if NAMES[client.name] then return client end
  end
end

-- The server of the current buffer, else any subagent-ls client.
local function clients() return ours(vim.api.nvim_get_current_buf()) or ours(nil) end

local function refresh_now(bufnr)
  -- not while Neovim quits or the server stops: a request after its shutdown is an error
  if vim.v.exiting ~= vim.NIL or not vim.api.nvim_buf_is_valid(bufnr) then return end
  local client = ours(bufnr)
  if client == nil or client:is_stopped() then return end
  if vim.fn.has('nvim-0.10') == 1 then
    vim.lsp.codelens.refresh({ bufnr = bufnr })
  elseif bufnr == vim.api.nvim_get_current_buf() then
    vim.lsp.codelens.refresh() -- before 0.10: the current buffer only
  end
end

-- Refresh once the event that asks for it is over (a save followed by :qa sends nothing).
local function refresh_lenses(bufnr)
  vim.schedule(function() refresh_now(bufnr) end)
end
M.refresh_lenses = refresh_lenses

local started = {} -- 0.7: the client of each root

--- Start the server for a buffer, or attach it to the one of its root (Neovim 0.7 to 0.10):
--- `config` may add `settings`, `cmd` and the other fields of `vim.lsp.start`.
function M.start(bufnr, config)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local root = M.root_for(bufnr)
  local full = vim.tbl_extend('keep', config or {}, {
    name = 'subagent_ls',
    cmd = { 'subagent-ls', 'serve' },
    root_dir = root,
    on_init = M.on_init,
  })
  if vim.fn.exists('##LspAttach') == 0 and full.on_attach == nil then
    full.on_attach = function(_, attached) refresh_lenses(attached) end
  end
  if vim.lsp.start then return vim.lsp.start(full, { bufnr = bufnr }) end
  local id = started[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client(full)
    started[root] = id
  end
  if id then vim.lsp.buf_attach_client(bufnr, id) end
  return id
end

local function request(client, method, params, handler)
  if vim.fn.has('nvim-0.11') == 1 then return client:request(method, params, handler, 0) end
  return client.request(method, params, handler, 0)
end

local function name_line(path)
  local ok, lines = pcall(vim.fn.readfile, path, '', 200)
  if not ok then return 1 end
  for number, text in ipairs(lines) do
    if number > 1 and text:match('^%-%-%-%s*$') then break end
    if text:match('^name%s*:') then return number end
  end
  return 1
end

local function where(item)
  if item == nil then return 'nothing' end
  if item.uri == nil or item.uri == vim.NIL then return item.source .. ' (built-in)' end
  return item.source .. ' ' .. vim.fn.fnamemodify(vim.uri_to_fname(item.uri), ':~:.')
end

--- The quickfix items of a `subagents/catalog` result: each effective definition that has a
--- file (what it shadows in its text), each followed by the definitions it shadows.
function M.catalog_items(catalog)
  local items, shadowed = {}, {}
  for _, entry in ipairs(catalog.entries) do
    if entry.shadowedBy ~= nil and entry.shadowedBy ~= vim.NIL and entry.uri ~= vim.NIL then
      shadowed[entry.uri] = entry
    end
  end
  local function item(entry, text)
    local path = vim.uri_to_fname(entry.uri)
    return { filename = path, lnum = name_line(path), col = 1, text = text }
  end
  for _, entry in ipairs(catalog.entries) do
    if entry.effective and entry.uri ~= nil and entry.uri ~= vim.NIL then
      local over = {}
      for _, other in ipairs(entry.shadows or {}) do table.insert(over, where(other)) end
      local text = entry.name .. ' [' .. entry.source .. '] effective'
      if #over > 0 then text = text .. '; shadows ' .. table.concat(over, ', ') end
      table.insert(items, item(entry, text))
      for _, other in ipairs(entry.shadows or {}) do
        local hidden = other.uri ~= vim.NIL and shadowed[other.uri]
        if hidden then
          local by = entry.name .. ' [' .. hidden.source .. '] shadowed by ' .. entry.source
          table.insert(items, item(hidden, by))
        end
      end
    end
  end
  return items
end

--- :SubagentsCatalog [HARNESS]: the catalog in the quickfix list.
function M.catalog(harness, done)
  local client = clients()
  if client == nil then
    vim.notify('subagent-ls is not running for this buffer', vim.log.levels.WARN)
    return
  end
  local params = (harness and harness ~= '') and { harness = harness } or vim.empty_dict()
  request(client, 'subagents/catalog', params, function(err, result)
    if err then
      vim.notify('subagents/catalog: ' .. tostring(err.message or err), vim.log.levels.ERROR)
    else
      local title = 'Subagents catalog (' .. result.harness .. ')'
      vim.fn.setqflist({}, ' ', { title = title, items = M.catalog_items(result) })
      vim.cmd('copen')
    end
    if done then done(err, result) end
  end)
end

local SEVERITY = { 'E', 'W', 'I', 'N' }

local function byte_column(path, line, character)
  local ok, lines = pcall(vim.fn.readfile, path, '', line + 1)
  local text = ok and lines[line + 1] or nil
  if text == nil then return character + 1 end
  local converted, index
  if vim.fn.has('nvim-0.11') == 1 then
    converted, index = pcall(vim.str_byteindex, text, 'utf-16', character, false)
  else
    converted, index = pcall(vim.str_byteindex, text, character, true)
  end
  return (converted and index or character) + 1
end

--- The quickfix items of the output of `subagent-ls check --format json`, run in `root`.
function M.check_items(report, root)
  local items = {}
  for _, file in ipairs(report.files or {}) do
    local path = file.path:sub(1, 1) == '/' and file.path or (root .. '/' .. file.path)
    for _, d in ipairs(file.diagnostics or {}) do
      local start = d.range.start
      table.insert(items, {
        filename = path,
        lnum = start.line + 1,
        col = byte_column(path, start.line, start.character),
        type = SEVERITY[d.severity] or 'E',
        text = tostring(d.code) .. ': ' .. d.message,
      })
    end
  end
  return items
end

--- :SubagentsCheck: `subagent-ls check --format json` on the workspace root, in the quickfix.
function M.check(done)
  local client = clients()
  local root = client and client.config.root_dir
    or M.root_of(vim.api.nvim_buf_get_name(0))
  local program = client and client.config.cmd and client.config.cmd[1] or 'subagent-ls'
  local output = {}
  local job = vim.fn.jobstart({ program, 'check', '--format', 'json', '.' }, {
    cwd = root,
    stdout_buffered = true,
    stderr_buffered = true,
    on_stdout = function(_, data) output = data end,
    on_exit = function(_, code)
      local ok, report = pcall(vim.fn.json_decode, table.concat(output, '\n'))
      if not ok or type(report) ~= 'table' then
        vim.notify('subagent-ls check failed (exit ' .. code .. ')', vim.log.levels.ERROR)
      else
        local items = M.check_items(report, root)
        vim.fn.setqflist({}, ' ', { title = 'subagent-ls check ' .. root, items = items })
        vim.cmd(#items > 0 and 'copen' or 'cclose')
      end
      if done then done(code) end
    end,
  })
  if job <= 0 then vim.notify('cannot run ' .. program, vim.log.levels.ERROR) end
end

--- The commands, and code lens kept current: on attach, BufEnter, InsertLeave, a save and
--- each `subagents/catalogChanged` (the lens shows the file's place in the catalog).
function M.setup()
  vim.api.nvim_create_user_command('SubagentsCatalog', function(args) M.catalog(args.args) end,
    { nargs = '?', desc = 'subagent-ls: the catalog in the quickfix list' })
  vim.api.nvim_create_user_command('SubagentsCheck', function() M.check() end,
    { nargs = 0, desc = 'subagent-ls: check the workspace into the quickfix list' })
  local group = vim.api.nvim_create_augroup('subagent_ls', { clear = true })
  if vim.fn.exists('##LspAttach') == 1 then -- 0.8 and later; on 0.7, M.start's on_attach
    vim.api.nvim_create_autocmd('LspAttach', {
      group = group,
      callback = function(args) refresh_lenses(args.buf) end,
    })
  end
  vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'BufWritePost' }, {
    group = group,
    callback = function(args) refresh_lenses(args.buf) end,
  })
  vim.lsp.handlers['subagents/catalogChanged'] = function()
    refresh_lenses(vim.api.nvim_get_current_buf())
  end
end

return M
