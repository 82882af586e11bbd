// The interpreter selected in the Python extension (ms-python.python), when it is installed.

import * as vscode from 'vscode';

interface PythonEnvironmentsApi {
  environments: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { path: string };
    resolveEnvironment(environment: { path: string }): Promise<{ executable: { uri?: vscode.Uri } } | undefined>;
  };
}

export async function selectedPythonInterpreter(): Promise<string | undefined> {
  const extension = vscode.extensions.getExtension<PythonEnvironmentsApi>('ms-python.python');
  if (extension === undefined) {
    return undefined;
  }
  try {
    const api = extension.isActive ? extension.exports : await extension.activate();
    const resource = vscode.workspace.workspaceFolders?.[0]?.uri;
    const active = api.environments.getActiveEnvironmentPath(resource);
    const environment = await api.environments.resolveEnvironment(active);
    return environment?.executable.uri?.fsPath;
  } catch {
    return undefined;
  }
}
