-- Headless Neovim (0.7 and later), after the init.lua of docs/editors.md has started the server
-- for the file given on the command line: opens each file of SUBAGENT_LS_PATHS (JSON: a list of
-- [path, code]) in turn, as a user does with :edit, and records for each buffer the client
-- serving it, its root, the codes and messages of its diagnostics once the code is among them
-- (or after 20 s; at once for an empty code) and then the hover on the `name` value; then the
-- subagent-ls clients running. Driven by
-- test_nvim_module.py; writes what it saw as JSON to SUBAGENT_LS_OUT.
local report = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)') .. 'nvim_report.lua')
local out = { buffers = {} }
local function finish() report.finish(out) end

local clients_of = report.clients

local function codes(bufnr)
  local seen = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(seen, { code = d.code or vim.NIL, message = d.message })
  end
  return seen
end

local function has_code(bufnr, code)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == code then return true end
  end
  return false
end

local function hover(bufnr)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = 1, character = 7 },
  }
  local answers = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 10000) or {}
  for _, answer in pairs(answers) do
    local contents = answer.result and answer.result.contents
    if contents then return contents.value or vim.inspect(contents) end
  end
  return vim.NIL
end

local function record(bufnr, code)
  local attached = vim.wait(60000, function() return #clients_of(bufnr) > 0 end, 20)  -- a loaded machine
  local seen = { file = vim.api.nvim_buf_get_name(bufnr), attached = attached, clients = {} }
  for _, client in ipairs(clients_of(bufnr)) do
    table.insert(seen.clients, { id = client.id, root = client.root_dir or client.config.root_dir })
  end
  if attached then
    if code ~= '' then vim.wait(20000, function() return has_code(bufnr, code) end, 50) end
    seen.diagnostics = codes(bufnr)
    seen.hover = hover(bufnr)
  end
  table.insert(out.buffers, seen)
end

local ok, err = pcall(function()
  local files = vim.fn.json_decode(os.getenv('SUBAGENT_LS_PATHS'))
  record(vim.api.nvim_get_current_buf(), files[1][2])
  for index = 2, #files do
    vim.cmd('edit ' .. vim.fn.fnameescape(files[index][1]))
    record(vim.api.nvim_get_current_buf(), files[index][2])
  end
  out.running = {}
  for _, client in ipairs(clients_of(nil)) do
    table.insert(out.running, { id = client.id, root = client.root_dir or client.config.root_dir })
  end
end)
if not ok then out.error = tostring(err) end
finish()
