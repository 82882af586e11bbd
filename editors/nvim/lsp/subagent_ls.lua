---@brief
---
--- https://github.com/subagent-ls/subagent-ls
---
--- Linter and language server for subagent definition files: the Markdown files with YAML
--- frontmatter that Claude Code, OpenCode, GitHub Copilot, Gemini CLI and other harnesses
--- read from `.claude/agents/`, `.opencode/agent/`, `.github/agents/`, `.agents/agents/`, ...
---
--- ```sh
--- pip install subagent-ls
--- ```
---
--- It attaches to every Markdown buffer and answers only for agent files. The root is the
--- git top, else the nearest folder that holds an agent folder of some harness, else the
--- file's folder; never the home folder (where `~/.claude` lives). A user-level agent file
--- (`~/.claude/agents/x.md`, ...) opened while a project's client runs joins that client, so
--- that the project's catalog judges it. Settings go under
--- `settings.subagents` (see the project's docs/configuration.md).

-- Every agent folder of every harness the server knows (its harnesses/registry.py).
local agent_folders = {
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

-- Whether a path lies in an agent folder right below home (a user-level agent folder).
local function user_level(path, home)
  if not home or path == '' or path:match('^%a[%w+.-]*://') then return false end
  path = vim.fs.normalize(vim.fn.fnamemodify(path, ':p'))
  for _, folder in ipairs(agent_folders) do
    local top = home .. '/' .. folder
    if path == top or path:sub(1, #top + 1) == top .. '/' then return true end
  end
  return false
end

-- The running project client a user-level agent file joins: the alternate buffer's, else the
-- one started last (clients rooted in a user-level folder aside).
local function project_root(home)
  local alternate, last = vim.fn.bufnr('#'), nil
  for _, client in ipairs(vim.lsp.get_clients({ name = 'subagent_ls' })) do
    if client.root_dir and not user_level(client.root_dir, home) then
      if alternate > 0 and vim.lsp.buf_is_attached(alternate, client.id) then
        return client.root_dir
      end
      if last == nil or client.id > last.id then last = client end
    end
  end
  return last and last.root_dir
end

---@type vim.lsp.Config
return {
  cmd = { 'subagent-ls', 'serve' },
  filetypes = { 'markdown' },
  root_dir = function(bufnr, on_dir)
    local home = vim.env.HOME and vim.fs.normalize(vim.env.HOME)
    local project = user_level(vim.api.nvim_buf_get_name(bufnr), home) and project_root(home)
    if project then return on_dir(project) end
    local git = vim.fs.root(bufnr, '.git')
    if git and git ~= home then return on_dir(git) end
    local name = vim.api.nvim_buf_get_name(bufnr)
    local file = name ~= '' and not name:match('^%a[%w+.-]*://')
    local start = vim.fs.normalize(file and vim.fn.fnamemodify(name, ':p:h') or vim.uv.cwd())
    local dir = start
    while dir and dir ~= home do
      for _, folder in ipairs(agent_folders) do
        if vim.fn.isdirectory(dir .. '/' .. folder) == 1 then return on_dir(dir) end
      end
      local up = vim.fs.dirname(dir)
      dir = up ~= dir and up or nil
    end
    on_dir(start)
  end,
  settings = { subagents = {} },
  -- the server pushes every diagnostic; pulling them too would show each one twice
  on_init = function(client) client.server_capabilities.diagnosticProvider = nil end,
}
