// The "Subagent Catalog" tree view in the Explorer.

import * as vscode from 'vscode';
import type { CatalogStore } from './catalogStore';
import { buildTargetsTree, buildTree, type Grouping, type NodeIcon, type TreeNode } from './catalogTree';

const ICONS: Record<NodeIcon, vscode.ThemeIcon> = {
  agent: new vscode.ThemeIcon('hubot'),
  builtin: new vscode.ThemeIcon('package'),
  disabled: new vscode.ThemeIcon('circle-slash'),
  notLoaded: new vscode.ThemeIcon('eye-closed'),
  error: new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground')),
  warning: new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground')),
  source: new vscode.ThemeIcon('folder'),
};
const GROUPING_KEY = 'subagents.catalogGrouping';
const TARGETS_KEY = 'subagents.catalogEveryTarget';

export class CatalogView implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private grouping: Grouping;
  private everyTarget: boolean;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly view: vscode.TreeView<TreeNode>;
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly store: CatalogStore,
    private readonly memento: vscode.Memento,
  ) {
    this.grouping = memento.get<Grouping>(GROUPING_KEY, 'name');
    this.everyTarget = memento.get<boolean>(TARGETS_KEY, false);
    this.view = vscode.window.createTreeView('subagents.catalog', { treeDataProvider: this, showCollapseAll: true });
    this.subscriptions = [this.view, this.changed, store.onDidChange(() => this.update())];
    void vscode.commands.executeCommand('setContext', 'subagents.groupBySource', this.grouping === 'source');
    void vscode.commands.executeCommand('setContext', 'subagents.everyTarget', this.everyTarget);
    if (this.everyTarget) {
      void store.showEveryTarget(true);
    }
  }

  /** One harness (the `harness` setting's) or the catalogs of every target side by side. */
  async showEveryTarget(every: boolean): Promise<void> {
    this.everyTarget = every;
    await this.memento.update(TARGETS_KEY, every);
    await vscode.commands.executeCommand('setContext', 'subagents.everyTarget', every);
    await this.store.showEveryTarget(every);
  }

  async setGrouping(grouping: Grouping): Promise<void> {
    this.grouping = grouping;
    await this.memento.update(GROUPING_KEY, grouping);
    await vscode.commands.executeCommand('setContext', 'subagents.groupBySource', grouping === 'source');
    this.changed.fire();
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const { Collapsed, Expanded, None } = vscode.TreeItemCollapsibleState;
    const state = node.children.length === 0 ? None : node.collapsed ? Collapsed : Expanded;
    const item = new vscode.TreeItem(node.label, state);
    item.id = node.id;
    item.description = node.description;
    item.tooltip = node.tooltip;
    item.iconPath = ICONS[node.icon];
    if (node.uri !== null) {
      item.command = {
        command: 'vscode.open',
        title: 'Open',
        arguments: [vscode.Uri.parse(node.uri), { selection: new vscode.Range(0, 0, 0, 0) }],
      };
    }
    return item;
  }

  getChildren(node?: TreeNode): TreeNode[] {
    if (node !== undefined) {
      return node.children;
    }
    const catalog = this.store.catalog;
    if (catalog === undefined) {
      return [];
    }
    return this.everyTarget ? buildTargetsTree(this.store.targets, this.grouping) : buildTree(catalog, this.grouping);
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => subscription.dispose());
  }

  private update(): void {
    const catalog = this.store.catalog;
    this.view.description = this.everyTarget ? 'every target' : catalog?.harness;
    void vscode.commands.executeCommand('setContext', 'subagents.catalogReady', catalog !== undefined);
    this.changed.fire();
  }
}
