export { DepartTree, departTreeKey, type DepartTreeProps, type DepartNode, type DepartSource } from './DepartTree';
export { fetchDepartTree, searchDeparts } from './api';
export { allKeys, findNode, parentKeys, pruneTree, subtreeKeys, toUiTree, type ServerTreeNode, type UiTreeNode } from './tree';
